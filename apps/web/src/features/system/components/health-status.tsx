import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useHealth } from '../api.ts';

/** One quiet line saying whether the API server answers, and with which database. */
export function HealthStatus({ className }: { className?: string }) {
  const health = useHealth();

  let content: ReactNode;
  if (health.isPending) {
    content = (
      <>
        <span className="sr-only">Checking server status…</span>
        <Skeleton className="h-4 w-56" />
      </>
    );
  } else if (health.isError) {
    content = (
      <>
        <StatusDot className="bg-destructive" />
        <span className="text-destructive">Server unreachable</span>
      </>
    );
  } else {
    const { database, version } = health.data;
    content = (
      <>
        <StatusDot className="bg-success" />
        <span>
          Server online · database: {database} · v{version}
        </span>
      </>
    );
  }

  return (
    <output
      aria-live="polite"
      aria-label="Server status"
      className={cn('flex items-center gap-2 text-muted-foreground text-xs', className)}
    >
      {content}
    </output>
  );
}

function StatusDot({ className }: { className: string }) {
  return <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', className)} />;
}
