import { CHAT_MESSAGES } from '@atelier/shared';
import { type ComponentProps, memo, useRef } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { cn } from '../../lib/cn.ts';
import { CopyButton } from './copy-button.tsx';
import './markdown.css';

/** The language a fenced block names (`language-ts` on its code element), if any. */
function languageOf(node: ComponentProps<'pre'> & { node?: unknown }): string | null {
  const code = (node.node as { children?: { properties?: { className?: unknown } }[] } | undefined)
    ?.children?.[0];
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  const language = list.find((c) => c.startsWith('language-'));
  return language ? language.slice('language-'.length) : null;
}

/** A fenced code block: highlighted, with its language and a copy button. */
function CodeBlock(props: ComponentProps<'pre'> & { node?: unknown }) {
  const { children, node: _node, className, ...rest } = props;
  const ref = useRef<HTMLPreElement | null>(null);
  const language = languageOf(props);
  return (
    <div className="my-2 overflow-hidden rounded-md border border-border" data-testid="code-block">
      <div className="flex items-center justify-between border-border border-b bg-muted/60 pl-3 text-muted-foreground text-xs">
        <span>{language ?? 'code'}</span>
        <CopyButton label={CHAT_MESSAGES.copyCode} text={() => ref.current?.textContent ?? ''} />
      </div>
      <pre
        ref={ref}
        className={cn('overflow-x-auto p-3 text-[0.8125rem] leading-relaxed', className)}
        {...rest}
      >
        {children}
      </pre>
    </div>
  );
}

const components: Components = {
  pre: CodeBlock,
  code: ({ node: _node, className, ...rest }) => (
    <code
      className={cn(
        className?.includes('language-') || className?.includes('hljs')
          ? className
          : 'rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]',
        className,
      )}
      {...rest}
    />
  ),
  a: ({ node: _node, ...rest }) => (
    <a {...rest} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline" />
  ),
  table: ({ node: _node, ...rest }) => (
    <div className="my-2 overflow-x-auto">
      <table className="w-full border-collapse text-sm" {...rest} />
    </div>
  ),
};

const remarkPlugins = [remarkGfm];
const rehypePlugins: ComponentProps<typeof ReactMarkdown>['rehypePlugins'] = [
  [rehypeHighlight, { detect: false }],
];

export interface MarkdownProps {
  text: string;
  className?: string;
}

/**
 * Markdown as the chat and tool answers write it (GFM: tables, lists, task lists, strikethrough),
 * never as HTML: raw HTML in the text is dropped, links open in a new tab, `javascript:` URLs are
 * removed. A text cut mid-stream (an unclosed fence, half a list) renders as far as it goes.
 */
export const Markdown = memo(function Markdown({ text, className }: MarkdownProps) {
  return (
    <div className={cn('markdown break-words leading-relaxed', className)}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
        skipHtml
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
