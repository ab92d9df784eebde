import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

const render = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe('Markdown (chat replies and tool answers)', () => {
  it('renders emphasis, lists, headings, tables and links that open apart', () => {
    const html = render(
      '## Plan\n\nI will add **two** _pages_:\n\n- Contacts\n- Deals\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com)',
    );
    expect(html).toContain('<h2>Plan</h2>');
    expect(html).toContain('<strong>two</strong>');
    expect(html).toContain('<em>pages</em>');
    expect(html).toContain('<li>Contacts</li>');
    expect(html).toContain('<td>2</td>');
    expect(html).toMatch(
      /<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer nofollow"/,
    );
  });

  it('highlights a fenced block, names its language and offers a copy button', () => {
    const html = render('```ts\nconst answer: number = 42;\n```');
    expect(html).toContain('data-testid="code-block"');
    expect(html).toContain('<span>ts</span>');
    expect(html).toContain('aria-label="Copy code"');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
  });

  it('renders a fence still open mid-stream as code, the text before it as prose', () => {
    const html = render('Here is the page:\n\n```tsx\nexport default function Page() {\n  return <h1>Hi');
    expect(html).toContain('<p>Here is the page:</p>');
    expect(html).toContain('data-testid="code-block"');
    expect(html).toContain('<span class="hljs-keyword">export</span>');
    expect(html).not.toContain('<h1>');
  });

  it('never renders raw HTML or javascript: links', () => {
    const html = render(
      'Hello <script>alert(1)</script><img src=x onerror="alert(2)"> [click](javascript:alert(3))',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('click');
  });
});
