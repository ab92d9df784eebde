import type { ContextItem, ContextItemStatus } from '@atelier/shared';
import { DATA_SOURCE_MESSAGES } from '@atelier/shared';

export const STATUS_LABELS: Record<ContextItemStatus, string> = {
  synced: 'Synced',
  unsynced: 'Not synced',
  pending: 'Pending',
  running: DATA_SOURCE_MESSAGES.syncing,
  error: 'Error',
  usage_limit_reached: 'Usage limit reached',
};

export const TYPE_LABELS: Record<ContextItem['type'], string> = {
  csv: 'CSV',
  doc: 'Doc',
  txt: 'Text',
  pdf: 'PDF',
  google_doc: 'Google Doc',
  google_sheet: 'Google Sheet',
  google_slide: 'Google Slides',
  notion_database: 'Notion database',
  notion_page: 'Notion page',
  web_page: 'Web page',
  unrecognized: 'Other',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "3 rows", "2 pages", "1 item": what `itemCount` counts for this type. */
export function countLabel(item: ContextItem): string {
  const unit =
    item.type === 'csv' ? 'row' : item.type === 'pdf' || item.type === 'web_page' ? 'page' : 'item';
  return `${item.itemCount} ${unit}${item.itemCount === 1 ? '' : 's'}`;
}
