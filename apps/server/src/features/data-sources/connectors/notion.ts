import { NOTION_API_BASE_DEFAULT } from '../data-sources.config.ts';
import type { ParsedDocument } from '../parsing/parsed-document.ts';
import {
  type Connector,
  type ConnectorCredential,
  type ConnectorDocumentInfo,
  ConnectorError,
  fixedCredential,
  withCredential,
} from './connector.ts';

/** The Notion API version this connector speaks (sent as `Notion-Version`). */
export const NOTION_VERSION = '2022-06-28';
/** Most pages listed from one workspace, and deepest nesting of blocks read from one page. */
const MAX_LISTED_PAGES = 1000;
const MAX_BLOCK_DEPTH = 5;
/** Most blocks read from one page (a guard against runaway workspaces). */
const MAX_BLOCKS = 20_000;

interface RichText {
  plain_text?: string;
}
interface NotionBlock {
  id: string;
  type: string;
  has_children?: boolean;
  [key: string]: unknown;
}
interface NotionPage {
  id: string;
  object: string;
  url?: string;
  properties?: Record<string, { type?: string; title?: RichText[] }>;
}
interface Paged<T> {
  results: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface NotionConnectorOptions {
  /** The operator's integration token (unless `credential` is given). */
  token?: string | undefined;
  /** A builder's own connection (OAuth), renewed on a 401. */
  credential?: ConnectorCredential | undefined;
  baseUrl?: string | undefined;
  fetch?: typeof fetch;
}

/** Notion through its public REST API (`/v1/search`, `/v1/blocks/{id}/children`), with an integration token. */
export function createNotionConnector(options: NotionConnectorOptions): Connector {
  const base = (options.baseUrl || NOTION_API_BASE_DEFAULT).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const credential = options.credential ?? fixedCredential(options.token);

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await withCredential(credential, (token) =>
        doFetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            'notion-version': NOTION_VERSION,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? null : JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        }),
      );
    } catch (error) {
      if (error instanceof ConnectorError) throw error;
      throw new ConnectorError('Could not reach Notion, try again later');
    }
    if (res.status === 404) throw new ConnectorError('This Notion page was not found or is not shared');
    if (res.status === 401 || res.status === 403) {
      throw new ConnectorError('Notion refused access: check the integration token and page sharing');
    }
    if (!res.ok) throw new ConnectorError(`Notion answered ${res.status}, try again later`);
    return (await res.json()) as T;
  }

  async function blockTexts(blockId: string, depth: number, out: string[]): Promise<void> {
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ page_size: '100' });
      if (cursor) query.set('start_cursor', cursor);
      const page: Paged<NotionBlock> = await call(
        'GET',
        `/v1/blocks/${encodeURIComponent(blockId)}/children?${query}`,
      );
      for (const block of page.results) {
        if (out.length >= MAX_BLOCKS) return;
        const line = blockText(block);
        if (line) out.push(line);
        if (block.has_children && depth < MAX_BLOCK_DEPTH && block.type !== 'child_page') {
          await blockTexts(block.id, depth + 1, out);
        }
      }
      cursor = page.has_more ? page.next_cursor : null;
    } while (cursor);
  }

  return {
    id: 'notion',
    name: 'Notion',
    isConfigured: () => credential !== undefined,

    async listDocuments(): Promise<ConnectorDocumentInfo[]> {
      const found: ConnectorDocumentInfo[] = [];
      let cursor: string | null = null;
      do {
        const page: Paged<NotionPage> = await call('POST', '/v1/search', {
          filter: { property: 'object', value: 'page' },
          page_size: 100,
          ...(cursor ? { start_cursor: cursor } : {}),
        });
        for (const result of page.results) {
          if (result.object !== 'page') continue;
          found.push({
            providerItemId: result.id,
            name: pageTitle(result),
            type: 'notion_page',
            externalFileUrl: result.url ?? null,
          });
        }
        cursor = page.has_more && found.length < MAX_LISTED_PAGES ? page.next_cursor : null;
      } while (cursor);
      return found;
    },

    async fetchDocument(providerItemId: string) {
      const lines: string[] = [];
      await blockTexts(providerItemId, 0, lines);
      const text = lines.join('\n');
      const documents: ParsedDocument[] = text.trim() ? [{ locator: null, text }] : [];
      return { documents, size: Buffer.byteLength(text) };
    },
  };
}

function plain(rich: unknown): string {
  return Array.isArray(rich) ? (rich as RichText[]).map((part) => part.plain_text ?? '').join('') : '';
}

function pageTitle(page: NotionPage): string {
  for (const property of Object.values(page.properties ?? {})) {
    if (property.type === 'title') {
      const title = plain(property.title).trim();
      if (title) return title;
    }
  }
  return 'Untitled';
}

/** The readable text of one block (paragraphs, headings, list items, to-dos, quotes, code, tables…). */
function blockText(block: NotionBlock): string {
  const content = block[block.type] as
    | { rich_text?: unknown; title?: string; cells?: unknown[]; checked?: boolean; caption?: unknown }
    | undefined;
  if (!content) return '';
  if (block.type === 'child_page') return content.title ?? '';
  if (block.type === 'table_row') return (content.cells ?? []).map(plain).join(' | ');
  const text = plain(content.rich_text);
  if (block.type === 'to_do') return `[${content.checked ? 'x' : ' '}] ${text}`;
  if (block.type.startsWith('heading_')) return text ? `\n${text}` : '';
  return text || plain(content.caption);
}
