import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addScriptSources, appContentSecurityPolicy, renderAppHtml } from './html.ts';

const base = {
  jsUrl: '/preview/app-1/v-1/app.js',
  cssUrl: '/preview/app-1/v-1/app.css',
  importMap: { imports: { react: '/preview-vendor/react.js?v=k1' } },
  title: 'Tasks <&> "Co"',
};

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?: type="importmap")?>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

describe('renderAppHtml', () => {
  it('renders the import map, the stylesheet, the module script and #root', () => {
    const html = renderAppHtml(base);
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain(
      '<script type="importmap">{"imports":{"react":"/preview-vendor/react.js?v=k1"}}</script>',
    );
    expect(html).toContain('<link rel="stylesheet" href="/preview/app-1/v-1/app.css">');
    expect(html).toContain('<script type="module" src="/preview/app-1/v-1/app.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Tasks &#60;&#38;&#62; &#34;Co&#34;</title>');
    expect(html.indexOf('type="importmap"')).toBeLessThan(html.indexOf('type="module"'));
    expect(html).not.toContain('Content-Security-Policy');
  });

  it('announces the vendor modules the app loads after the import map, before the module script', () => {
    const html = renderAppHtml({
      ...base,
      modulePreloads: ['/preview-vendor/react.js?v=k1', '/preview-vendor/sonner.js?v=k1&"x"'],
    });
    const first = html.indexOf('<link rel="modulepreload" href="/preview-vendor/react.js?v=k1">');
    expect(first).toBeGreaterThan(html.indexOf('type="importmap"'));
    expect(first).toBeLessThan(html.indexOf('type="module"'));
    expect(html).toContain(
      '<link rel="modulepreload" href="/preview-vendor/sonner.js?v=k1&#38;&#34;x&#34;">',
    );
    expect(renderAppHtml(base)).not.toContain('modulepreload');
  });

  it('links the web font stylesheets before the app CSS; one out of reach is not reported as the app failing', () => {
    const html = renderAppHtml({
      ...base,
      webStylesheets: [
        { href: 'https://fonts.googleapis.com/css2?family=Inter&display=swap' },
        { href: 'https://fonts.googleapis.com/css2?family=Lora"x', media: 'screen' },
      ],
    });
    const font = html.indexOf(
      '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter&#38;display=swap" data-web-font>',
    );
    expect(font).toBeGreaterThan(0);
    expect(font).toBeLessThan(html.indexOf('app.css'));
    expect(html).toContain(
      'href="https://fonts.googleapis.com/css2?family=Lora&#34;x" media="screen" data-web-font>',
    );
    expect(html).toContain("if(!t.hasAttribute('data-web-font'))report('Failed to load '");
  });

  it('sets window.__ATELIER__ safely and an early reporter of load failures', () => {
    const html = renderAppHtml({
      ...base,
      runtimeConfig: {
        appId: 'a</script><b>',
        apiBase: 'http://localhost:3000',
        parentOrigin: 'http://builder.test',
      },
    });
    expect(html).toContain(
      'window.__ATELIER__={"appId":"a\\u003c/script\\u003e\\u003cb\\u003e","apiBase":"http://localhost:3000"',
    );
    expect(html).toContain("type:'atelier:runtime-error'");
    expect(html).toContain('"http://builder.test")');
    expect(html.match(/<\/script>/g)).toHaveLength(3);
  });

  it('adds the hashes of both inline scripts to the CSP script-src', () => {
    const csp = appContentSecurityPolicy({ apiOrigin: 'http://api.test' });
    const html = renderAppHtml({ ...base, csp, runtimeConfig: { appId: 'a', apiBase: 'http://api.test' } });
    const hashes = inlineScripts(html).map(
      (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
    );
    expect(hashes).toHaveLength(2);
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/
      .exec(html)![1]!
      .replace(/&#39;/g, "'");
    expect(meta).toContain(`script-src 'self' ${hashes.join(' ')}`);
    expect(meta).toContain("connect-src 'self' http://api.test");
    expect(meta).toContain("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com");
    expect(meta).not.toContain("unsafe-inline'; script");
  });

  it('is a pure function of its input', () => {
    expect(renderAppHtml(base)).toBe(renderAppHtml({ ...base }));
  });
});

describe('addScriptSources', () => {
  it('extends script-src, or derives it from default-src', () => {
    expect(addScriptSources("default-src 'self'; script-src 'self'", ["'sha256-x'"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-x'",
    );
    expect(addScriptSources("default-src 'self' https://a.test;", ["'sha256-x'"])).toBe(
      "default-src 'self' https://a.test; script-src 'self' https://a.test 'sha256-x'",
    );
  });
});
