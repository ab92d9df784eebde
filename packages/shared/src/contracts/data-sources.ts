import { z } from 'zod';

export const CONTEXT_ITEM_TYPES = [
  'csv',
  'doc',
  'txt',
  'pdf',
  'google_doc',
  'google_sheet',
  'google_slide',
  'notion_database',
  'notion_page',
  'web_page',
  'unrecognized',
] as const;
export type ContextItemType = (typeof CONTEXT_ITEM_TYPES)[number];

export const CONTEXT_ITEM_SOURCES = ['local_files', 'notion', 'web_scraper', 'google_drive'] as const;
export type ContextItemSource = (typeof CONTEXT_ITEM_SOURCES)[number];

/** Spec 1 §4. `running` is shown as "Syncing...". */
export const CONTEXT_ITEM_STATUSES = [
  'synced',
  'unsynced',
  'pending',
  'running',
  'error',
  'usage_limit_reached',
] as const;
export type ContextItemStatus = (typeof CONTEXT_ITEM_STATUSES)[number];

/** Statuses that have not settled yet: the dialog watches these live (spec 1 §4). */
export const UNSETTLED_STATUSES: readonly ContextItemStatus[] = ['unsynced', 'pending', 'running'];

export const contextItemProgressSchema = z.object({
  stage: z.enum(['queued', 'parsing', 'fetching', 'chunking', 'indexing', 'done']),
  pagesDone: z.number().int(),
  pagesTotal: z.number().int().nullable(),
  chunks: z.number().int(),
});
export type ContextItemProgress = z.infer<typeof contextItemProgressSchema>;

export const contextItemSchema = z
  .object({
    id: z.string(),
    appId: z.string(),
    name: z.string(),
    type: z.enum(CONTEXT_ITEM_TYPES),
    source: z.enum(CONTEXT_ITEM_SOURCES),
    status: z.enum(CONTEXT_ITEM_STATUSES),
    statusReason: z.string().nullable(),
    size: z.number().int(),
    itemCount: z.number().int(),
    chunkCount: z.number().int(),
    progress: contextItemProgressSchema.nullable(),
    createdAt: z.string(),
    lastSyncedAt: z.string().nullable(),
    externalFileUrl: z.string().nullable(),
    externalFileId: z.string().nullable(),
    providerItemId: z.string().nullable(),
    provider: z.string().nullable(),
    /**
     * Spec 2 §3 "Data item" `templateFileUrl`: the file "Copy template" opens — a CSV item's header
     * row, a Google Doc/Sheet's "make a copy" link; null for types without a template.
     */
    templateFileUrl: z.string().nullable(),
  })
  .meta({ id: 'ContextItem' });
export type ContextItem = z.infer<typeof contextItemSchema>;

export const dataLimitsSchema = z.object({
  dataItems: z.number().int(),
  filesPerUpload: z.number().int(),
  uploadBytes: z.number().int(),
  scraperDepth: z.number().int(),
  scraperPages: z.number().int(),
});

export const contextItemsResponseSchema = z
  .object({
    contextItems: z.array(contextItemSchema),
    hasReachedDataLimit: z.boolean(),
    limits: dataLimitsSchema,
  })
  .meta({ id: 'ContextItemsResponse' });
export type ContextItemsResponse = z.infer<typeof contextItemsResponseSchema>;

export const ingestTextBodySchema = z
  .object({
    context: z.string(),
    name: z.string().trim().min(1).max(200).optional(),
  })
  .meta({ id: 'IngestTextBody' });

export const ingestWebBodySchema = z
  .object({
    url: z.string().min(1),
    depth: z.number().int().min(0).max(3).optional(),
    maxPages: z.number().int().min(1).max(100).optional(),
  })
  .meta({ id: 'IngestWebBody' });

export const connectorDocumentSchema = z.object({
  provider: z.string().min(1),
  providerItemId: z.string().min(1),
  name: z.string().min(1).max(300),
  type: z.enum(CONTEXT_ITEM_TYPES).optional(),
  externalFileUrl: z.string().nullable().optional(),
  externalFileId: z.string().nullable().optional(),
});

export const ingestMetadataBodySchema = z
  .object({ contextItems: z.array(connectorDocumentSchema).min(1).max(100) })
  .meta({ id: 'IngestMetadataBody' });

export const ingestResponseSchema = z
  .object({ contextItems: z.array(contextItemSchema) })
  .meta({ id: 'IngestResponse' });

export const renameContextItemBodySchema = z
  .object({ name: z.string().trim().min(1).max(200) })
  .meta({ id: 'RenameContextItemBody' });

export const replaceDataItemBodySchema = z
  .object({ oldItemId: z.string().min(1), newItemId: z.string().min(1) })
  .meta({ id: 'ReplaceDataItemBody' });

export const RETRIEVAL_METHODS = ['bm25', 'vector', 'hybrid'] as const;
export type RetrievalMethod = (typeof RETRIEVAL_METHODS)[number];

export const passageSchema = z
  .object({
    itemId: z.string(),
    chunkId: z.string(),
    itemName: z.string(),
    text: z.string(),
    score: z.number(),
    method: z.enum(RETRIEVAL_METHODS),
    /** The web page the passage was read from (scraped pages), cited as the reply's source. */
    url: z.string().optional(),
  })
  .meta({ id: 'Passage' });
export type Passage = z.infer<typeof passageSchema>;

export const searchResponseSchema = z
  .object({ passages: z.array(passageSchema) })
  .meta({ id: 'ContextSearchResponse' });

export const CONNECTOR_IDS = ['local_files', 'notion', 'google_drive', 'web_scraper'] as const;
export type ConnectorId = (typeof CONNECTOR_IDS)[number];

export const connectorTokensResponseSchema = z
  .object({
    accessToken: z.string(),
    expiresAt: z.string(),
    connectors: z.array(z.object({ id: z.enum(CONNECTOR_IDS), name: z.string(), configured: z.boolean() })),
  })
  .meta({ id: 'ConnectorTokens' });
export type ConnectorTokens = z.infer<typeof connectorTokensResponseSchema>;

/** Documents a configured connector offers for import (Notion pages, Drive files). */
export const connectorDocumentsResponseSchema = z
  .object({
    documents: z.array(
      z.object({
        providerItemId: z.string(),
        name: z.string(),
        type: z.enum(CONTEXT_ITEM_TYPES),
        externalFileUrl: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'ConnectorDocuments' });
export type ConnectorDocuments = z.infer<typeof connectorDocumentsResponseSchema>;

/** The connectors a builder can connect their own account to with OAuth (issue 23 #20). */
export const OAUTH_CONNECTOR_IDS = ['notion', 'google_drive'] as const;
export type OAuthConnectorId = (typeof OAUTH_CONNECTOR_IDS)[number];

/**
 * A builder's view of one external connector: whether the operator set up OAuth (`oauth`: a Connect
 * button) or a server-wide token (`serverToken`), and the builder's own connection. No token ever.
 */
export const connectorConnectionSchema = z
  .object({
    provider: z.enum(OAUTH_CONNECTOR_IDS),
    name: z.string(),
    oauth: z.boolean(),
    serverToken: z.boolean(),
    connected: z.boolean(),
    accountName: z.string().nullable(),
    connectedAt: z.string().nullable(),
  })
  .meta({ id: 'ConnectorConnection' });
export type ConnectorConnection = z.infer<typeof connectorConnectionSchema>;

export const connectorConnectionsResponseSchema = z
  .object({ connections: z.array(connectorConnectionSchema) })
  .meta({ id: 'ConnectorConnections' });
export type ConnectorConnections = z.infer<typeof connectorConnectionsResponseSchema>;

/** How a connection attempt ended: the callback sends the builder back with `?connect={provider}&result=`. */
export const OAUTH_CONNECT_RESULTS = ['connected', 'denied', 'expired', 'failed'] as const;
export type OAuthConnectResult = (typeof OAUTH_CONNECT_RESULTS)[number];

/** Start connecting: the app whose Data Sources dialog the builder comes back to. */
export const startConnectorOAuthBodySchema = z.object({ appId: z.string().min(1).max(100) });
export const startConnectorOAuthResponseSchema = z
  .object({ url: z.string() })
  .meta({ id: 'ConnectorOAuthStart' });

/** Live progress of one item, sent over SSE to the dialog. */
export const contextItemEventSchema = z.object({
  itemId: z.string(),
  status: z.enum(CONTEXT_ITEM_STATUSES),
  statusReason: z.string().nullable(),
  progress: contextItemProgressSchema.nullable(),
});
export type ContextItemEvent = z.infer<typeof contextItemEventSchema>;
