import * as cheerio from 'cheerio';

export interface ExtractedPage {
  title: string;
  text: string;
  /** Absolute http(s) links found in the page, fragments removed. */
  links: string[];
}

const NOISE =
  'script, style, noscript, template, svg, canvas, iframe, nav, header, footer, aside, form, button, [aria-hidden="true"], [role="navigation"], [hidden]';
const BLOCKS =
  'p, div, section, article, li, tr, h1, h2, h3, h4, h5, h6, pre, blockquote, dd, dt, table, ul, ol, br';

/**
 * Main content of an HTML page: navigation, headers, footers, scripts and forms are removed; the
 * text is taken from `main`, `article` or `[role=main]` when the page has one (else `body`), with
 * line breaks kept at block boundaries. Links are collected from the whole page before clean-up.
 */
export function extractPage(html: string, pageUrl: string): ExtractedPage {
  const $ = cheerio.load(html);
  const links = new Set<string>();
  $('a[href]').each((_, element) => {
    const href = $(element).attr('href');
    if (!href) return;
    try {
      const url = new URL(href, pageUrl);
      url.hash = '';
      if (url.protocol === 'http:' || url.protocol === 'https:') links.add(url.href);
    } catch {
      // not a URL: skip
    }
  });
  const title = $('title').first().text().trim() || $('h1').first().text().trim();
  $(NOISE).remove();
  const root = $('main, article, [role="main"]').first();
  const container = root.length > 0 ? root : $('body');
  container.find(BLOCKS).each((_, element) => {
    $(element).prepend('\n').append('\n');
  });
  const text = container
    .text()
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title, text, links: [...links] };
}
