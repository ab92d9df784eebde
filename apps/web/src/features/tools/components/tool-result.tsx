import { Markdown } from '../../../components/markdown/markdown.tsx';

/** The answer of a run: its Markdown rendered like the chat's (never as HTML). */
export function ToolResult({ text }: { text: string }) {
  return <Markdown text={text} className="text-sm" />;
}
