import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReplySources } from './reply-sources.tsx';

describe('reply sources (issue 23 #18: source parts)', () => {
  it('links each web page the reply drew on, in a new tab, and shows nothing without any', () => {
    const html = renderToStaticMarkup(
      <ReplySources sources={[{ url: 'https://shop.example/faq', title: 'FAQ' }]} />,
    );
    expect(html).toContain('aria-label="Sources"');
    expect(html).toContain('href="https://shop.example/faq"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('FAQ');
    expect(renderToStaticMarkup(<ReplySources sources={[]} />)).toBe('');
  });
});
