import { Link2 } from 'lucide-react';

/** The web pages (from the app's data sources) a reply drew on, as links. */
export function ReplySources({ sources }: { sources: { url: string; title: string }[] }) {
  if (sources.length === 0) return null;
  return (
    <nav aria-label="Sources" className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
      <span className="text-muted-foreground">Sources:</span>
      {sources.map((source) => (
        <a
          key={source.url}
          href={source.url}
          target="_blank"
          rel="noopener noreferrer"
          title={source.url}
          className="inline-flex max-w-[16rem] items-center gap-1 truncate rounded-md border border-border px-1.5 py-0.5 hover:bg-accent"
        >
          <Link2 aria-hidden="true" className="size-3 shrink-0" />
          <span className="truncate">{source.title}</span>
        </a>
      ))}
    </nav>
  );
}
