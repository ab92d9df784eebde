import type { ConnectorId, ContextItemType } from '@atelier/shared';
import type { ParsedDocument } from '../parsing/parsed-document.ts';

export interface ConnectorDocumentInfo {
  providerItemId: string;
  name: string;
  type: ContextItemType;
  externalFileUrl: string | null;
}

/**
 * An external source of documents (a notes workspace, a cloud drive). The local-files connector
 * needs none of this: its files go through the upload pipeline directly.
 */
export interface Connector {
  readonly id: ConnectorId;
  readonly name: string;
  /** False when the server has no credentials for it: its items are not offered. */
  isConfigured(): boolean;
  listDocuments(): Promise<ConnectorDocumentInfo[]>;
  fetchDocument(providerItemId: string): Promise<{ documents: ParsedDocument[]; size: number }>;
}

export type ConnectorRegistry = ReadonlyMap<string, Connector>;

/** A connector failure whose message is shown to the builder (as the item's error reason or the answer). */
export class ConnectorError extends Error {}
