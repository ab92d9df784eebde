/**
 * Texts of the data sources area. Spec 1 §5/§8 and spec 2 §8 texts are verbatim; the ones the spec
 * only describes ("file too big naming the max size", "CSV without headers") are worded here.
 */
export const DATA_SOURCE_MESSAGES = {
  enterText: 'Please enter some text',
  uploadFile: 'Please upload a file',
  uploadFailed: 'Failed to upload context, try again later',
  saveFailed: 'Error saving data, please try again or contact support via chat',
  deleteFailed: 'Failed to delete item',
  renameFailed: 'Failed to rename item',
  replaceFailed: 'Failed to replace item',
  fetchFailed: 'Error fetching data items',
  fetchFailedPanel: 'Error fetching data items, try again later',
  syncing: 'Syncing...',
  csvNoHeaders: 'The CSV file has no header row: put the column names in the first row',
  csvTooManyColumns: 'The CSV file has too many columns',
  unsupportedType: 'Unsupported file type: upload a CSV for lists, or a PDF, DOC or DOCX document',
  itemNotFound: 'Data item not found',
  connectorNotConfigured: 'This connector is not configured on this server',
} as const;

/** Texts of connecting a builder's own Notion workspace or Google Drive (issue 23 #20). */
export const CONNECTOR_OAUTH_MESSAGES = {
  connected: (name: string) => `Connected to ${name}`,
  failed: (name: string) => `Could not connect ${name}, try again`,
  denied: (name: string) => `${name} was not connected: access was not granted`,
  expired: (name: string) => `The ${name} connection request expired or was already used, try again`,
  notConnected: (name: string) =>
    `${name} is not connected: use "Connect ${name}" in the Data Sources dialog of this app`,
  reconnect: (name: string) => `${name} refused access: disconnect and connect ${name} again`,
} as const;

export function fileTooBigMessage(maxBytes: number): string {
  return `File is too big. The maximum size is ${formatMegabytes(maxBytes)}`;
}

export function maxDataItemsMessage(max: number): string {
  return `Max ${max} data item${max === 1 ? '' : 's'}`;
}

export function tooManyFilesMessage(max: number): string {
  return `You can upload at most ${max} file${max === 1 ? '' : 's'} at once`;
}

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Spec 1 §9: the data search box waits 500 ms after the last keystroke. */
export const DATA_SEARCH_DEBOUNCE_MS = 500;
