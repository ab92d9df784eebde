import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small multi-page website on 127.0.0.1 for crawler tests: a home page linking to two pages and
 * an external site, a page linking deeper, a page disallowed by robots.txt, and a redirect to the
 * cloud metadata address.
 */
export async function startTestSite(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const page = (title: string, body: string) =>
    `<!doctype html><html><head><title>${title}</title><script>var tracking = 1;</script></head><body>` +
    `<nav><a href="/">Home</a> | <a href="/about">About</a></nav><main>${body}</main>` +
    '<footer>Copyright footer text</footer></body></html>';
  const routes: Record<string, string> = {
    '/': page(
      'Acme Farm',
      '<h1>Acme Farm</h1><p>We raise alpacas and sell their wool.</p>' +
        '<a href="/about">About us</a> <a href="/products#top">Products</a> <a href="/private">Staff</a>' +
        ' <a href="http://other.example/">Elsewhere</a> <a href="/brochure.pdf">Brochure</a>',
    ),
    '/about': page(
      'About',
      '<p>Founded in 1998 by Maria, the farm has forty alpacas.</p><a href="/about/team">Team</a>',
    ),
    '/about/team': page(
      'Team',
      '<p>The shearing team works every May.</p><a href="/about/team/history">History</a>',
    ),
    '/about/team/history': page('History', '<p>Deep page beyond the crawl depth of two.</p>'),
    '/products': page('Products', '<p>Alpaca wool socks cost 18 euros a pair.</p>'),
    '/private': page('Private', '<p>Staff-only page that robots.txt forbids.</p>'),
  };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('User-agent: *\nDisallow: /private\n');
    }
    if (path === '/metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    const html = routes[path];
    if (!html) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<p>Not found</p>');
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
