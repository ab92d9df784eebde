import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite } from '../../../../test/support/test-site.ts';
import { BlockedAddressError, createSafeFetch } from '../../../platform/net/index.ts';
import { crawlSite } from './crawl-site.ts';
import { extractPage } from './extract-page.ts';

let site: Awaited<ReturnType<typeof startTestSite>>;
const fetch = createSafeFetch({ allowLoopback: true, timeoutMs: 5_000 });
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await fetch.close();
  await site.close();
});

describe('extractPage', () => {
  it('keeps the main content and drops navigation, footer and scripts', () => {
    const page = extractPage(
      '<html><head><title>T</title></head><body><nav>Menu</nav><main><h1>Head</h1><p>One</p><p>Two</p></main><footer>F</footer><script>x()</script></body></html>',
      'http://site.test/',
    );
    expect(page).toEqual({ title: 'T', text: 'Head\n\nOne\n\nTwo', links: [] });
  });
});

describe('crawlSite', () => {
  it('crawls same-site pages to depth 2, honouring robots.txt', async () => {
    const pages = await crawlSite({ startUrl: `${site.url}/`, depth: 2, maxPages: 20, fetch });
    expect(pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/about', '/products', '/about/team']);
    expect(pages[0]?.title).toBe('Acme Farm');
    expect(pages[0]?.text).toContain('We raise alpacas and sell their wool.');
    expect(pages[0]?.text).not.toContain('Copyright footer text');
    expect(site.requests).not.toContain('/private');
    expect(site.requests).not.toContain('/about/team/history');
    expect(site.requests).not.toContain('/brochure.pdf');
  });

  it('stops at the page cap and follows one more level at depth 3', async () => {
    expect(await crawlSite({ startUrl: `${site.url}/`, depth: 3, maxPages: 2, fetch })).toHaveLength(2);
    const deep = await crawlSite({ startUrl: `${site.url}/`, depth: 3, maxPages: 100, fetch });
    expect(deep.map((p) => new URL(p.url).pathname)).toContain('/about/team/history');
  });

  it('ends with the guard error when the start page redirects to the metadata address', async () => {
    await expect(
      crawlSite({ startUrl: `${site.url}/metadata`, depth: 2, maxPages: 5, fetch }),
    ).rejects.toThrow(BlockedAddressError);
  });

  it('reports a start page that does not exist', async () => {
    await expect(
      crawlSite({ startUrl: `${site.url}/missing`, depth: 1, maxPages: 5, fetch }),
    ).rejects.toThrow('The page answered 404');
  });
});
