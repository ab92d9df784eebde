import type { Ref } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface PreviewFrameProps {
  src: string;
  title: string;
  frameRef: Ref<HTMLIFrameElement>;
  className?: string;
  /** Whom the app in the frame runs as ("View as"). */
  viewAs?: string;
}

/**
 * The app preview: a document from the preview origin in a sandboxed frame. No allow-same-origin:
 * the app runs in an opaque origin (no cookies or storage of any site, not even the preview's),
 * loads its modules with CORS from the preview origin, and talks to the builder by postMessage
 * only. Scripts, forms and popups are what generated apps need.
 */
export function PreviewFrame({ src, title, frameRef, className, viewAs }: PreviewFrameProps) {
  return (
    <iframe
      ref={frameRef}
      src={src}
      title={title}
      data-view-as={viewAs}
      sandbox="allow-scripts allow-forms allow-popups"
      referrerPolicy="no-referrer"
      className={cn('size-full border-0 bg-white', className)}
    />
  );
}
