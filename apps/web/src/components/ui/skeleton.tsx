import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A placeholder shape shown while data loads. Hidden from assistive tech; label the region instead. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
