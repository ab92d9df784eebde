import type { ContextItemRow } from './data-sources.repo.ts';
import type { IngestOptions } from './pipeline/item-options.ts';

/** Google's "Make a copy" page of a Drive file, by item type (the file's own id is the provider item id). */
const GOOGLE_COPY_PATH: Partial<Record<string, string>> = {
  google_doc: 'document',
  google_sheet: 'spreadsheets',
  google_slide: 'presentation',
};

/**
 * The template file "Copy template" opens (spec 2 §2 "Data sources panel", §3 `templateFileUrl`):
 * an uploaded CSV's header row as a CSV download, a Google Doc, Sheet or Slides file's "Make a copy"
 * page. Other types (text, documents, PDFs, web pages, Notion) have no structure to copy: null.
 */
export function templateFileUrl(row: Pick<ContextItemRow, 'id' | 'type' | 'options' | 'providerItemId'>) {
  const options = row.options as IngestOptions;
  if (row.type === 'csv') {
    return options.kind === 'upload' && options.headers?.length
      ? `/api/context/${encodeURIComponent(row.id)}/template`
      : null;
  }
  const googlePath = GOOGLE_COPY_PATH[row.type];
  if (googlePath && row.providerItemId) {
    return `https://docs.google.com/${googlePath}/d/${encodeURIComponent(row.providerItemId)}/copy`;
  }
  return null;
}
