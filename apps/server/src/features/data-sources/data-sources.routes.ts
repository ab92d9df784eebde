import {
  CONTEXT_ITEM_STATUSES,
  type ContextItemEvent,
  type ContextItemStatus,
  connectorConnectionsResponseSchema,
  connectorDocumentsResponseSchema,
  connectorTokensResponseSchema,
  contextItemSchema,
  contextItemsResponseSchema,
  DATA_SOURCE_MESSAGES,
  fileTooBigMessage,
  ingestMetadataBodySchema,
  ingestResponseSchema,
  ingestTextBodySchema,
  ingestWebBodySchema,
  limitsFor,
  OAUTH_CONNECTOR_IDS,
  renameContextItemBodySchema,
  replaceDataItemBodySchema,
  searchResponseSchema,
  startConnectorOAuthBodySchema,
  startConnectorOAuthResponseSchema,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { requireBuilder } from '../../platform/auth/middleware.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { type SseHub, streamTopic } from '../../platform/events/sse.ts';
import { readForm } from '../../platform/http/multipart.ts';
import { createRouter, defineRoute, formBody } from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { connectorSecretStore, issueConnectorToken } from './connectors/connector-token.ts';
import type { DataSourcesRuntime } from './data-sources.runtime.ts';
import { createDataSourcesService, type UploadedFile } from './data-sources.service.ts';
import { itemsTopic } from './pipeline/item-options.ts';

const tags = ['data sources'];
const appQuery = z.object({ appId: z.string().min(1) });
const idParam = z.object({ id: z.string().min(1) });
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const okSchema = z.object({ ok: z.literal(true) });

/** Largest multipart body: the largest plan's files per upload at its size limit, plus form overhead. */
const MAX_UPLOAD_BODY = 5 * limitsFor('moon').uploadBytes + 1024 * 1024;

const listRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/context/items',
  tags,
  summary: "The app's data items, with whether the plan's data-item limit is reached",
  middleware: [requireBuilder] as const,
  request: {
    query: appQuery.extend({
      status: z.string().optional().openapi({ description: 'Comma-separated statuses to keep' }),
    }),
  },
  responses: { 200: json(contextItemsResponseSchema, 'Items') },
});

const renameRoute = defineRoute({
  policy: POLICY.api,
  method: 'patch',
  path: '/context/{id}',
  tags,
  summary: 'Rename a data item',
  middleware: [requireBuilder] as const,
  request: {
    params: idParam,
    body: { content: { 'application/json': { schema: renameContextItemBodySchema } } },
  },
  responses: { 200: json(contextItemSchema, 'The renamed item') },
});

const deleteRoute = defineRoute({
  policy: POLICY.api,
  method: 'delete',
  path: '/context/{id}',
  tags,
  summary: 'Delete a data item and its passages',
  middleware: [requireBuilder] as const,
  request: { params: idParam },
  responses: { 200: json(okSchema, 'Deleted') },
});

const ingestFileRoute = defineRoute({
  policy: POLICY.upload,
  method: 'post',
  path: '/context/ingest/file',
  tags,
  summary: 'Upload files (multipart field "file", repeatable): CSV, PDF, DOC, DOCX, TXT',
  description:
    '400 answers carry a code: file_required, file_too_large (message names the max size), unsupported_file_type, csv_no_headers, csv_too_many_columns, too_many_files; 403 plan_limit_reached. With replaces (the "Replace file" upload, then replaceDataItem): one file, and the item it replaces does not count against the limit.',
  middleware: [
    requireBuilder,
    bodyLimit({
      maxSize: MAX_UPLOAD_BODY,
      onError: () => {
        throw new AppError('file_too_large', fileTooBigMessage(limitsFor('moon').uploadBytes));
      },
    }),
  ] as const,
  request: {
    query: appQuery.extend({
      replaces: z.string().min(1).max(100).optional().openapi({ description: 'The item this file replaces' }),
    }),
    ...formBody(z.object({ file: z.array(z.file()) })),
  },
  responses: { 201: json(ingestResponseSchema, 'Items created, pending') },
});

const ingestTextRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/context/ingest/text',
  tags,
  summary: 'Add typed text as a data item',
  middleware: [requireBuilder] as const,
  request: { query: appQuery, body: { content: { 'application/json': { schema: ingestTextBodySchema } } } },
  responses: { 201: json(ingestResponseSchema, 'Item created, pending') },
});

const ingestWebRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/context/ingest/web',
  tags,
  summary: 'Scrape a website (same-site links, robots.txt, depth and pages by plan)',
  middleware: [requireBuilder] as const,
  request: { query: appQuery, body: { content: { 'application/json': { schema: ingestWebBodySchema } } } },
  responses: { 201: json(ingestResponseSchema, 'Item created, pending') },
});

const ingestMetadataRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/context/ingest/metadata',
  tags,
  summary: 'Import documents picked in a connector (items of an unconfigured connector are refused)',
  middleware: [requireBuilder] as const,
  request: {
    query: appQuery,
    body: { content: { 'application/json': { schema: ingestMetadataBodySchema } } },
  },
  responses: { 201: json(ingestResponseSchema, 'Items created, pending') },
});

const connectorDocumentsRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/context/connectors/{provider}/documents',
  tags,
  summary: 'The documents a configured connector offers for import (unconfigured connectors are refused)',
  middleware: [requireBuilder] as const,
  request: { query: appQuery, params: z.object({ provider: z.string().min(1) }) },
  responses: { 200: json(connectorDocumentsResponseSchema, 'Documents') },
});

const resyncRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/context/{id}/resync',
  tags,
  summary: 'Fetch a connector item again from its source and re-index it',
  middleware: [requireBuilder] as const,
  request: { params: idParam },
  responses: { 200: json(contextItemSchema, 'Item, pending again') },
});

const templateRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/context/{id}/template',
  tags,
  summary: "A CSV item's template: a CSV file with just its header row",
  middleware: [requireBuilder] as const,
  request: { params: idParam },
  responses: {
    200: { description: 'CSV with the header row', content: { 'text/csv': { schema: z.string() } } },
  },
});

const replaceRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/tools/{appId}/replaceDataItem',
  tags,
  summary: 'Replace a data item by a newly uploaded one (the old one is deleted)',
  middleware: [requireBuilder] as const,
  request: {
    params: z.object({ appId: z.string().min(1) }),
    body: { content: { 'application/json': { schema: replaceDataItemBodySchema } } },
  },
  responses: { 200: json(contextItemSchema, 'The item that now takes the place') },
});

const searchRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/context/search',
  tags,
  summary: "BM25 search over the app's synced passages",
  middleware: [requireBuilder] as const,
  request: {
    query: appQuery.extend({
      q: z.string().min(1).max(1000),
      k: z.coerce.number().int().min(1).max(50).optional(),
    }),
  },
  responses: { 200: json(searchResponseSchema, 'Passages, best first') },
});

const eventsRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/context/events',
  tags,
  summary: "Live status and progress of the app's items (SSE, event name `item`)",
  middleware: [requireBuilder] as const,
  request: { query: appQuery },
  responses: { 200: { description: 'text/event-stream of ContextItemEvent' } },
});

const tokensRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/integrations/fetchCarbonTokens',
  tags,
  summary: 'A short-lived connector token and the connectors this server offers',
  middleware: [requireBuilder] as const,
  responses: { 200: json(connectorTokensResponseSchema, 'Token and connectors') },
});

const oauthProviderParam = z.object({ provider: z.enum(OAUTH_CONNECTOR_IDS) });

const connectionsRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/context/connections',
  tags,
  summary: "The external connectors offered, and the builder's own connections (never a token)",
  middleware: [requireBuilder] as const,
  responses: { 200: json(connectorConnectionsResponseSchema, 'Connectors') },
});

const oauthStartRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/context/oauth/{provider}/start',
  tags,
  summary: "Start connecting the builder's own Notion workspace or Google Drive (OAuth)",
  description:
    "Answers the provider's authorization URL. Its state is random, stored hashed, bound to this session, single use and good for 10 minutes; Google gets PKCE (S256). 404 when the operator did not configure OAuth for the provider.",
  middleware: [requireBuilder] as const,
  request: {
    params: oauthProviderParam,
    body: { content: { 'application/json': { schema: startConnectorOAuthBodySchema } } },
  },
  responses: { 200: json(startConnectorOAuthResponseSchema, 'Where to send the builder') },
});

const oauthCallbackRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/context/oauth/{provider}/callback',
  tags,
  summary: 'The provider sends the builder back here: the code is exchanged and the tokens stored, sealed',
  description:
    "Redirects to the app's data sources with `?connect={provider}&result=connected|denied|expired|failed`.",
  middleware: [requireBuilder] as const,
  request: {
    params: oauthProviderParam,
    query: z.object({
      code: z.string().max(2048).optional(),
      state: z.string().max(256).optional(),
      error: z.string().max(256).optional(),
    }),
  },
  responses: { 302: { description: "Back to the app's data sources" } },
});

const disconnectRoute = defineRoute({
  policy: POLICY.api,
  method: 'delete',
  path: '/context/connections/{provider}',
  tags,
  summary: "Disconnect the builder's own account: its tokens are deleted from this server",
  middleware: [requireBuilder] as const,
  request: { params: oauthProviderParam },
  responses: { 200: json(okSchema, 'Disconnected') },
});

export function dataSourcesRoutes(runtime: DataSourcesRuntime, live: { bus: EventBus; sse: SseHub }) {
  const service = createDataSourcesService(runtime);
  const connectorSecret = connectorSecretStore(runtime.database);
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { appId, status } = c.req.valid('query');
      const statuses = status
        ?.split(',')
        .map((s) => s.trim())
        .filter((s): s is ContextItemStatus => (CONTEXT_ITEM_STATUSES as readonly string[]).includes(s));
      return c.json(await service.listItems(c.var.actor, appId, statuses), 200);
    })
    .openapi(renameRoute, async (c) => {
      const item = await service.rename(c.var.actor, c.req.valid('param').id, c.req.valid('json').name);
      return c.json(item, 200);
    })
    .openapi(deleteRoute, async (c) => {
      await service.remove(c.var.actor, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(ingestFileRoute, async (c) => {
      const { appId, replaces } = c.req.valid('query');
      await service.assertOwnedApp(c.var.actor, appId);
      const files = await readFiles(c.req.raw);
      return c.json({ contextItems: await service.ingestFiles(c.var.actor, appId, files, replaces) }, 201);
    })
    .openapi(ingestTextRoute, async (c) => {
      const { context, name } = c.req.valid('json');
      const item = await service.ingestText(c.var.actor, c.req.valid('query').appId, context, name);
      return c.json({ contextItems: [item] }, 201);
    })
    .openapi(ingestWebRoute, async (c) => {
      const item = await service.ingestWeb(c.var.actor, c.req.valid('query').appId, c.req.valid('json'));
      return c.json({ contextItems: [item] }, 201);
    })
    .openapi(ingestMetadataRoute, async (c) => {
      const { contextItems } = c.req.valid('json');
      const items = await service.ingestMetadata(c.var.actor, c.req.valid('query').appId, contextItems);
      return c.json({ contextItems: items }, 201);
    })
    .openapi(connectorDocumentsRoute, async (c) => {
      const { appId } = c.req.valid('query');
      const documents = await service.connectorDocuments(c.var.actor, appId, c.req.valid('param').provider);
      return c.json({ documents }, 200);
    })
    .openapi(resyncRoute, async (c) => {
      return c.json(await service.resync(c.var.actor, c.req.valid('param').id), 200);
    })
    .openapi(templateRoute, async (c) => {
      const { fileName, csv } = await service.csvTemplate(c.var.actor, c.req.valid('param').id);
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName.replaceAll('"', '')}"`,
      });
    })
    .openapi(replaceRoute, async (c) => {
      const { oldItemId, newItemId } = c.req.valid('json');
      return c.json(
        await service.replace(c.var.actor, c.req.valid('param').appId, oldItemId, newItemId),
        200,
      );
    })
    .openapi(searchRoute, async (c) => {
      const { appId, q, k } = c.req.valid('query');
      return c.json({ passages: await service.search(c.var.actor, appId, q, k ?? 10) }, 200);
    })
    .openapi(eventsRoute, async (c) => {
      const { appId } = c.req.valid('query');
      await service.assertOwnedApp(c.var.actor, appId);
      return streamTopic<ContextItemEvent>(c, {
        bus: live.bus,
        hub: live.sse,
        topic: itemsTopic(appId),
        eventName: 'item',
      }) as never;
    })
    .openapi(tokensRoute, async (c) => {
      const token = await issueConnectorToken(await connectorSecret(), c.var.actor.userId);
      const connectors = [
        { id: 'local_files' as const, name: 'Local files', configured: true },
        { id: 'web_scraper' as const, name: 'Web page', configured: true },
        ...(await runtime.connectors.describe(c.var.actor.userId)).map((connector) => ({
          id: connector.provider,
          name: connector.name,
          configured: true,
        })),
      ];
      return c.json({ ...token, connectors }, 200);
    })
    .openapi(connectionsRoute, async (c) => {
      return c.json({ connections: await runtime.connectors.describe(c.var.actor.userId) }, 200);
    })
    .openapi(oauthStartRoute, async (c) => {
      const provider = runtime.connectors.oauthProvider(c.req.valid('param').provider);
      if (!provider) throw notFound();
      const { appId } = c.req.valid('json');
      await service.assertOwnedApp(c.var.actor, appId);
      const url = await runtime.oauthFlow.start(
        c.var.actor,
        provider,
        `/apps/${encodeURIComponent(appId)}/data`,
      );
      return c.json({ url }, 200);
    })
    .openapi(oauthCallbackRoute, async (c) => {
      const provider = runtime.connectors.oauthProvider(c.req.valid('param').provider);
      if (!provider) throw notFound();
      const outcome = await runtime.oauthFlow.complete(c.var.actor, provider, c.req.valid('query'));
      const query = new URLSearchParams({ connect: provider.id, result: outcome.result });
      c.header('Cache-Control', 'no-store');
      return c.redirect(`${outcome.returnTo ?? '/home'}?${query}`, 302);
    })
    .openapi(disconnectRoute, async (c) => {
      await runtime.connections.remove(c.var.actor.userId, c.req.valid('param').provider);
      return c.json({ ok: true as const }, 200);
    });
}

async function readFiles(request: Request): Promise<UploadedFile[]> {
  const form = await readForm(request);
  if (!form) throw new AppError('file_required', DATA_SOURCE_MESSAGES.uploadFile);
  const files: UploadedFile[] = [];
  const sent = [
    ...form.files.filter((f) => f.field === 'file'),
    ...form.files.filter((f) => f.field === 'files'),
  ];
  for (const { file: value } of sent) {
    files.push({
      name: value.name || 'upload',
      bytes: new Uint8Array(await value.arrayBuffer()),
      mimeType: value.type || null,
    });
  }
  return files;
}
