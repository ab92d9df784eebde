import type { FileKind } from '../parsing/detect-type.ts';

/** What an item's job ingests, stored in `context_items.options`. */
export type IngestOptions =
  /** `replaces`: the item a "Replace file" upload takes the place of (it does not count against the limit). */
  | { kind: 'upload'; fileKind: FileKind; headers?: string[]; replaces?: string }
  | { kind: 'web'; url: string; depth: number; maxPages: number }
  | { kind: 'connector'; provider: string; providerItemId: string };

export const INGEST_QUEUE = 'data-sources.ingest';

export interface IngestJobData {
  itemId: string;
}

/** Topic of the live events of one app's items (status and progress), streamed to the dialog. */
export const itemsTopic = (appId: string) => `context-items:${appId}`;
