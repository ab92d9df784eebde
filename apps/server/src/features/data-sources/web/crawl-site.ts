import robotsParser from 'robots-parser';
import { findSafeFetchError, type SafeFetch } from '../../../platform/net/index.ts';
import { extractPage } from './extract-page.ts';

export const CRAWLER_USER_AGENT = 'AtelierBot';

export interface CrawledPage {
  url: string;
  title: string;
  text: string;
  bytes: number;
}

export interface CrawlOptions {
  startUrl: string;
  /** Link depth: 0 is the start page only; 2 also follows links of links (spec: 2 on lite, else 3). */
  depth: number;
  maxPages: number;
  fetch: SafeFetch;
  onPage?: (page: CrawledPage, pagesDone: number) => void | Promise<void>;
}

export class CrawlError extends Error {
  override name = 'CrawlError';
}

const SKIPPED_EXTENSIONS =
  /\.(?:png|jpe?g|gif|webp|svg|ico|pdf|zip|gz|mp[34]|mov|avi|woff2?|ttf|css|js|json|xml|docx?|xlsx?|pptx?)$/i;

/**
 * Breadth-first crawl from `startUrl` through the SSRF-guarded fetcher: same-site links only (the
 * start URL's host), robots.txt honoured for our user agent, at most `depth` links deep and
 * `maxPages` pages. A page that fails is skipped; a start page that fails ends the crawl with its reason.
 */
export async function crawlSite(options: CrawlOptions): Promise<CrawledPage[]> {
  const start = new URL(options.startUrl);
  start.hash = '';
  const robots = await loadRobots(start, options.fetch);
  const pages: CrawledPage[] = [];
  const seen = new Set<string>([start.href]);
  let frontier = [start.href];
  for (let level = 0; level <= options.depth && frontier.length > 0; level++) {
    const next: string[] = [];
    for (const url of frontier) {
      if (pages.length >= options.maxPages) return pages;
      if (robots && robots.isAllowed(url, CRAWLER_USER_AGENT) === false) {
        if (url === start.href) throw new CrawlError('robots.txt does not allow crawling this page');
        continue;
      }
      let fetched: { html: string; bytes: number; finalUrl: string } | undefined;
      try {
        fetched = await fetchHtml(url, options.fetch);
      } catch (error) {
        if (url === start.href) throw error;
        continue;
      }
      if (!fetched) {
        if (url === start.href) throw new CrawlError('The page is not an HTML page');
        continue;
      }
      const extracted = extractPage(fetched.html, fetched.finalUrl);
      const page = {
        url: fetched.finalUrl,
        title: extracted.title,
        text: extracted.text,
        bytes: fetched.bytes,
      };
      pages.push(page);
      await options.onPage?.(page, pages.length);
      if (level === options.depth) continue;
      for (const link of extracted.links) {
        const target = new URL(link);
        if (target.hostname !== start.hostname || SKIPPED_EXTENSIONS.test(target.pathname)) continue;
        if (seen.has(target.href)) continue;
        seen.add(target.href);
        next.push(target.href);
      }
    }
    frontier = next;
  }
  return pages;
}

async function fetchHtml(url: string, fetch: SafeFetch) {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.5' },
    });
  } catch (error) {
    const own = findSafeFetchError(error);
    throw own ?? new CrawlError(`Could not fetch ${url}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new CrawlError(`The page answered ${response.status} (${url})`);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!/text\/html|application\/xhtml\+xml|text\/plain/i.test(type)) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  const body = await response.text();
  const html = /text\/plain/i.test(type) ? `<body><pre>${escapeHtml(body)}</pre></body>` : body;
  return { html, bytes: Buffer.byteLength(body), finalUrl: response.url || url };
}

async function loadRobots(start: URL, fetch: SafeFetch) {
  const robotsUrl = new URL('/robots.txt', start).href;
  try {
    const response = await fetch(robotsUrl);
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return undefined;
    }
    return robotsParser(robotsUrl, await response.text());
  } catch {
    return undefined;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
