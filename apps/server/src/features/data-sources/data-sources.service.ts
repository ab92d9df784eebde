import {
  type ContextItem,
  type ContextItemStatus,
  type ContextItemsResponse,
  DATA_SOURCE_MESSAGES,
  fileTooBigMessage,
  limitsFor,
  maxDataItemsMessage,
  type Passage,
  type PlanId,
  tooManyFilesMessage,
} from '@atelier/shared';
import { AppError } from '../../platform/errors.ts';
import { ConnectorError } from './connectors/connector.ts';
import { ConnectorNotConfiguredError, ConnectorNotConnectedError } from './connectors/connector-access.ts';
import { type DataSourcesRepo, type OwnerScope, toContextItem } from './data-sources.repo.ts';
import type { DataSourcesRuntime } from './data-sources.runtime.ts';
import { detectFileKind, ITEM_TYPE_BY_KIND } from './parsing/detect-type.ts';
import { ParseError } from './parsing/parse-error.ts';
import { precheckFile } from './parsing/parse-file.ts';
import { INGEST_QUEUE, type IngestJobData, type IngestOptions } from './pipeline/item-options.ts';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
  mimeType: string | null;
}

const MAX_TEXT_CHARS = 2_000_000;
const MAX_K = 50;

/** The behaviour of the data sources calls. Every call is scoped by the app's owner (others get 404). */
export function createDataSourcesService(runtime: DataSourcesRuntime) {
  const { repo } = runtime;

  async function ownedApp(scope: OwnerScope, appId: string) {
    const app = await repo.findOwnedApp(scope, appId);
    if (!app) throw new AppError('not_found', 'App not found');
    return app;
  }

  async function ownedItem(scope: OwnerScope, itemId: string) {
    const item = await repo.findOwnedItem(scope, itemId);
    if (!item) throw new AppError('not_found', DATA_SOURCE_MESSAGES.itemNotFound);
    return item;
  }

  /**
   * Refuses new items beyond the plan's data-item limit ("Max 1 data item" on lite). `replacing`: the
   * item a "Replace file" upload takes the place of — replacing never counts against the limit.
   */
  async function assertRoom(appId: string, plan: PlanId, adding: number, replacing?: string) {
    const max = limitsFor(plan).dataItems;
    if ((await repo.countCountedItems(appId, replacing)) + adding > max) {
      throw new AppError('plan_limit_reached', maxDataItemsMessage(max), { limit: 'dataItems', max });
    }
  }

  /** The connector an app owner's calls use (their own connection or the server's token), or a 400/409. */
  async function ownerConnector(provider: string, ownerId: string) {
    try {
      return await runtime.connectors.forOwner(provider, ownerId);
    } catch (error) {
      if (error instanceof ConnectorNotConfiguredError) {
        throw new AppError('connector_not_configured', error.message, { provider });
      }
      if (error instanceof ConnectorNotConnectedError) {
        throw new AppError('connector_not_connected', error.message, { provider });
      }
      throw error;
    }
  }

  async function enqueue(row: Awaited<ReturnType<DataSourcesRepo['insertItem']>>) {
    await runtime.queue.send<IngestJobData>(INGEST_QUEUE, { itemId: row.id });
    return toContextItem(row);
  }

  return {
    async listItems(
      scope: OwnerScope,
      appId: string,
      status?: ContextItemStatus[],
    ): Promise<ContextItemsResponse> {
      const app = await ownedApp(scope, appId);
      const limits = limitsFor(app.plan);
      const rows = await repo.listItems(appId, status);
      const counted = await repo.countCountedItems(appId);
      return {
        contextItems: rows.map(toContextItem),
        hasReachedDataLimit: counted >= limits.dataItems,
        limits: {
          dataItems: limits.dataItems,
          filesPerUpload: limits.filesPerUpload,
          uploadBytes: limits.uploadBytes,
          scraperDepth: limits.scraperDepth,
          scraperPages: limits.scraperPages,
        },
      };
    },

    /**
     * Checks every file (count, size, type, CSV header) before storing any, then queues one job per
     * file. With `replaces` (the "Replace file" upload, followed by replaceDataItem), one file that
     * takes that item's place: the item being replaced is not counted against the limit.
     */
    async ingestFiles(
      scope: OwnerScope,
      appId: string,
      files: UploadedFile[],
      replaces?: string,
    ): Promise<ContextItem[]> {
      const app = await ownedApp(scope, appId);
      const limits = limitsFor(app.plan);
      if (files.length === 0) throw new AppError('file_required', DATA_SOURCE_MESSAGES.uploadFile);
      if (replaces !== undefined) {
        if (!(await repo.findItemInApp(appId, replaces))) {
          throw new AppError('not_found', DATA_SOURCE_MESSAGES.itemNotFound);
        }
        if (files.length > 1) throw new AppError('too_many_files', tooManyFilesMessage(1), { max: 1 });
      }
      if (files.length > limits.filesPerUpload) {
        throw new AppError('too_many_files', tooManyFilesMessage(limits.filesPerUpload), {
          max: limits.filesPerUpload,
        });
      }
      const checked = files.map((file) => {
        if (file.bytes.byteLength > limits.uploadBytes) {
          throw new AppError('file_too_large', fileTooBigMessage(limits.uploadBytes), {
            maxBytes: limits.uploadBytes,
            fileName: file.name,
          });
        }
        if (file.bytes.byteLength === 0) throw new AppError('file_required', DATA_SOURCE_MESSAGES.uploadFile);
        try {
          const kind = detectFileKind(file.name, file.bytes);
          const headers = precheckFile(kind, file.bytes);
          return { file, kind, headers };
        } catch (error) {
          if (error instanceof ParseError) throw parseErrorToAppError(error, file.name);
          throw error;
        }
      });
      await assertRoom(appId, app.plan, files.length, replaces);
      const items: ContextItem[] = [];
      for (const { file, kind, headers } of checked) {
        const options: IngestOptions = {
          kind: 'upload',
          fileKind: kind,
          ...(headers ? { headers } : {}),
          ...(replaces ? { replaces } : {}),
        };
        const row = await repo.insertItem(
          {
            appId,
            name: file.name,
            type: ITEM_TYPE_BY_KIND[kind],
            source: 'local_files',
            status: 'pending',
            size: file.bytes.byteLength,
            mimeType: file.mimeType,
            options,
          },
          file.bytes,
        );
        items.push(await enqueue(row));
      }
      return items;
    },

    async ingestText(scope: OwnerScope, appId: string, text: string, name?: string): Promise<ContextItem> {
      const app = await ownedApp(scope, appId);
      if (text.trim().length === 0) throw new AppError('validation_error', DATA_SOURCE_MESSAGES.enterText);
      if (text.length > MAX_TEXT_CHARS) {
        throw new AppError('file_too_large', `The text is too long (at most ${MAX_TEXT_CHARS} characters)`);
      }
      await assertRoom(appId, app.plan, 1);
      const bytes = new TextEncoder().encode(text);
      const options: IngestOptions = { kind: 'upload', fileKind: 'txt' };
      const row = await repo.insertItem(
        {
          appId,
          name: name ?? defaultTextName(text),
          type: 'txt',
          source: 'local_files',
          status: 'pending',
          size: bytes.byteLength,
          mimeType: 'text/plain',
          options,
        },
        bytes,
      );
      return enqueue(row);
    },

    async ingestWeb(
      scope: OwnerScope,
      appId: string,
      input: { url: string; depth?: number | undefined; maxPages?: number | undefined },
    ): Promise<ContextItem> {
      const app = await ownedApp(scope, appId);
      const limits = limitsFor(app.plan);
      let url: URL;
      try {
        url = new URL(input.url.includes('://') ? input.url : `https://${input.url}`);
      } catch {
        throw new AppError('validation_error', 'Enter a valid web address');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new AppError('validation_error', 'Enter a web address starting with http:// or https://');
      }
      await assertRoom(appId, app.plan, 1);
      const options: IngestOptions = {
        kind: 'web',
        url: url.href,
        depth: Math.min(input.depth ?? limits.scraperDepth, limits.scraperDepth),
        maxPages: Math.min(input.maxPages ?? limits.scraperPages, limits.scraperPages),
      };
      const row = await repo.insertItem({
        appId,
        name: url.hostname + (url.pathname === '/' ? '' : url.pathname),
        type: 'web_page',
        source: 'web_scraper',
        status: 'pending',
        externalFileUrl: url.href,
        options,
      });
      return enqueue(row);
    },

    /** Connector documents picked in the dialog: items of an unconfigured connector are refused. */
    async ingestMetadata(
      scope: OwnerScope,
      appId: string,
      documents: {
        provider: string;
        providerItemId: string;
        name: string;
        type?: ContextItem['type'] | undefined;
        externalFileUrl?: string | null | undefined;
        externalFileId?: string | null | undefined;
      }[],
    ): Promise<ContextItem[]> {
      const app = await ownedApp(scope, appId);
      for (const provider of new Set(documents.map((doc) => doc.provider))) {
        await ownerConnector(provider, scope.userId);
      }
      await assertRoom(appId, app.plan, documents.length);
      const items: ContextItem[] = [];
      for (const doc of documents) {
        const options: IngestOptions = {
          kind: 'connector',
          provider: doc.provider,
          providerItemId: doc.providerItemId,
        };
        const row = await repo.insertItem({
          appId,
          name: doc.name,
          type: doc.type ?? 'unrecognized',
          source: doc.provider === 'notion' ? 'notion' : 'google_drive',
          status: 'pending',
          provider: doc.provider,
          providerItemId: doc.providerItemId,
          externalFileUrl: doc.externalFileUrl ?? null,
          externalFileId: doc.externalFileId ?? null,
          options,
        });
        items.push(await enqueue(row));
      }
      return items;
    },

    /** The documents a configured connector offers (Notion pages, Drive files), for the dialog's picker. */
    async connectorDocuments(scope: OwnerScope, appId: string, provider: string) {
      await ownedApp(scope, appId);
      const connector = await ownerConnector(provider, scope.userId);
      try {
        return await connector.listDocuments();
      } catch (error) {
        if (error instanceof ConnectorError) throw new AppError('service_unavailable', error.message);
        throw error;
      }
    },

    /** Re-sync: a connector item goes back to pending and is fetched and re-indexed again. */
    async resync(scope: OwnerScope, itemId: string): Promise<ContextItem> {
      const item = await ownedItem(scope, itemId);
      const options = item.options as IngestOptions;
      if (options.kind !== 'connector') {
        throw new AppError('bad_request', 'Only items from a connected source can be synced again');
      }
      await ownerConnector(options.provider, scope.userId);
      if (item.status === 'pending' || item.status === 'running') return toContextItem(item);
      const row = await repo.setStatus(item.id, 'pending', null);
      if (!row) throw new AppError('not_found', DATA_SOURCE_MESSAGES.itemNotFound);
      return enqueue(row);
    },

    /** "Copy template": a CSV item's header row, kept at upload, as a CSV file with just the headers. */
    async csvTemplate(scope: OwnerScope, itemId: string): Promise<{ fileName: string; csv: string }> {
      const item = await ownedItem(scope, itemId);
      const options = item.options as IngestOptions;
      if (item.type !== 'csv' || options.kind !== 'upload' || !options.headers?.length) {
        throw new AppError('not_found', 'This data item has no template');
      }
      const csv = `${options.headers.map(csvCell).join(',')}\r\n`;
      const base = item.name.replace(/\.csv$/i, '').replace(/[^\w. -]+/g, '_') || 'data';
      return { fileName: `${base} template.csv`, csv };
    },

    async rename(scope: OwnerScope, itemId: string, name: string): Promise<ContextItem> {
      await ownedItem(scope, itemId);
      const row = await repo.rename(itemId, name);
      if (!row) throw new AppError('not_found', DATA_SOURCE_MESSAGES.itemNotFound);
      return toContextItem(row);
    },

    async remove(scope: OwnerScope, itemId: string): Promise<void> {
      await ownedItem(scope, itemId);
      await runtime.index.deleteChunks(itemId);
      await repo.deleteItem(itemId);
    },

    /**
     * "Replace file": the new item takes the old one's place (its name is kept when the new one is
     * a file of the same type) and the old item with its passages is deleted.
     */
    async replace(
      scope: OwnerScope,
      appId: string,
      oldItemId: string,
      newItemId: string,
    ): Promise<ContextItem> {
      await ownedApp(scope, appId);
      const [oldItem, newItem] = await Promise.all([
        repo.findItemInApp(appId, oldItemId),
        repo.findItemInApp(appId, newItemId),
      ]);
      if (!oldItem || !newItem || oldItem.id === newItem.id) {
        throw new AppError('not_found', DATA_SOURCE_MESSAGES.itemNotFound);
      }
      await runtime.index.deleteChunks(oldItem.id);
      await repo.deleteItem(oldItem.id);
      return toContextItem((await repo.findItemInApp(appId, newItemId)) ?? newItem);
    },

    async search(scope: OwnerScope, appId: string, query: string, k: number): Promise<Passage[]> {
      await ownedApp(scope, appId);
      return runtime.index.searchBm25(appId, query, Math.min(Math.max(k, 1), MAX_K));
    },

    /** For the app's own runs (tools, chat): no user scope, the caller has already authorised the app. */
    async unscopedRetrieveForApp(appId: string, query: string, k = 5): Promise<Passage[]> {
      return runtime.index.searchBm25(appId, query, Math.min(Math.max(k, 1), MAX_K));
    },

    assertOwnedApp: ownedApp,
  };
}

export type DataSourcesService = ReturnType<typeof createDataSourcesService>;

function parseErrorToAppError(error: ParseError, fileName: string): AppError {
  switch (error.code) {
    case 'unsupported_file_type':
      return new AppError('unsupported_file_type', error.message, { fileName });
    case 'csv_no_headers':
      return new AppError('csv_no_headers', error.message, { fileName });
    case 'csv_too_many_columns':
      return new AppError('csv_too_many_columns', error.message, { fileName });
    default:
      return new AppError('bad_request', error.message, { fileName });
  }
}

function defaultTextName(text: string): string {
  const firstLine = text.trim().split('\n')[0]?.trim() ?? 'Text';
  return firstLine.length > 40 ? `${firstLine.slice(0, 40)}…` : firstLine || 'Text';
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
