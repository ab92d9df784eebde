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

/**
 * Where a connector's bearer token comes from: the operator's server-wide token, or a builder's own
 * OAuth connection (connections.ts), refreshed before it expires.
 */
export interface ConnectorCredential {
  /** A token to call the provider with. */
  token(): Promise<string>;
  /** After the provider refused `used` (401): a renewed token to retry with once, or null. */
  renew(used: string): Promise<string | null>;
}

/** The operator's fixed token (NOTION_TOKEN, GOOGLE_DRIVE_TOKEN): nothing to renew. */
export function fixedCredential(token: string | undefined): ConnectorCredential | undefined {
  return token ? { token: async () => token, renew: async () => null } : undefined;
}

/**
 * Calls with the credential's token; on a 401 asks it once for a renewed token and calls again.
 * `send` throws its own errors for a failed exchange.
 */
export async function withCredential(
  credential: ConnectorCredential | undefined,
  send: (token: string) => Promise<Response>,
): Promise<Response> {
  if (!credential) throw new ConnectorError('This connector is not configured on this server');
  const token = await credential.token();
  const res = await send(token);
  if (res.status !== 401) return res;
  const renewed = await credential.renew(token);
  return renewed ? send(renewed) : res;
}

/** A connector failure whose message is shown to the builder (as the item's error reason or the answer). */
export class ConnectorError extends Error {}
