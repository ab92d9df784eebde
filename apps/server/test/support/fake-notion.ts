import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerAccepted, createFakeOAuth, type FakeOAuthOptions } from './fake-oauth.ts';

export interface FakeNotionPage {
  id: string;
  title: string;
  /** Top-level blocks; a block with `children` answers them on its own children call. */
  blocks: FakeBlock[];
}
export interface FakeBlock {
  type: string;
  text: string;
  children?: FakeBlock[];
}

/**
 * A local stand-in for Notion's public REST API: `POST /v1/search` (pages, cursor pagination) and
 * `GET /v1/blocks/{id}/children` (cursor pagination, `page_size`). It checks the bearer token and
 * the `Notion-Version` header and records every request.
 */
export async function startFakeNotion(options: {
  /** The integration token it accepts (besides the tokens of its OAuth provider). */
  token?: string;
  pages: FakeNotionPage[];
  pageSize?: number;
  /** A public integration: Notion's OAuth at `/v1/oauth/authorize` and `/v1/oauth/token` (fake-oauth.ts). */
  oauth?: { clientId: string; clientSecret: string; expiresIn?: number };
}) {
  const oauth = options.oauth
    ? createFakeOAuth({
        ...options.oauth,
        authorizePath: '/v1/oauth/authorize',
        tokenPath: '/v1/oauth/token',
        pkce: false,
        rotateRefreshTokens: true,
        expiresIn: options.oauth.expiresIn ?? 3600,
        extra: {
          workspace_name: 'Bakery HQ',
          owner: { type: 'user', user: { name: 'Ada', person: { email: 'ada@bakery.example' } } },
        },
      } satisfies FakeOAuthOptions)
    : undefined;
  const requests: {
    method: string;
    path: string;
    version: string | undefined;
    bearer: string | undefined;
  }[] = [];
  const blocks = new Map<string, { id: string; type: string; text: string; children: string[] }>();
  const childrenOf = new Map<string, string[]>();
  let counter = 0;
  const addBlocks = (parent: string, list: FakeBlock[]) => {
    const ids = list.map((block) => {
      const id = `block-${++counter}`;
      blocks.set(id, { id, type: block.type, text: block.text, children: [] });
      if (block.children) addBlocks(id, block.children);
      return id;
    });
    childrenOf.set(parent, ids);
  };
  const load = (pages: FakeNotionPage[]) => {
    blocks.clear();
    childrenOf.clear();
    for (const page of pages) addBlocks(page.id, page.blocks);
  };
  let pages = options.pages;
  load(pages);
  const pageSize = options.pageSize ?? 100;

  const paginate = <T>(all: T[], cursor: string | null, size: number) => {
    const start = cursor ? Number(cursor) : 0;
    const results = all.slice(start, start + size);
    const next = start + size < all.length ? String(start + size) : null;
    return { object: 'list', results, has_more: next !== null, next_cursor: next };
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const version = req.headers['notion-version'] as string | undefined;
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      version,
      bearer: req.headers.authorization?.replace(/^Bearer /, ''),
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (oauth?.handle(req, res, url, raw)) return;
    if (!bearerAccepted(req.headers.authorization, options.token, oauth)) {
      return send(401, { object: 'error', status: 401, code: 'unauthorized' });
    }
    if (!version) return send(400, { object: 'error', status: 400, code: 'missing_version' });
    if (req.method === 'POST' && url.pathname === '/v1/search') {
      const body = JSON.parse(raw || '{}') as { start_cursor?: string; page_size?: number };
      const results = pages.map((page) => ({
        object: 'page',
        id: page.id,
        url: `https://www.notion.so/${page.id}`,
        properties: { Name: { type: 'title', title: [{ plain_text: page.title }] } },
      }));
      return send(
        200,
        paginate(results, body.start_cursor ?? null, Math.min(pageSize, body.page_size ?? 100)),
      );
    }
    const match = /^\/v1\/blocks\/([^/]+)\/children$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const id = decodeURIComponent(match[1] as string);
      const ids = childrenOf.get(id);
      if (!ids) return send(404, { object: 'error', status: 404, code: 'object_not_found' });
      const results = ids.map((childId) => {
        const block = blocks.get(childId) as { id: string; type: string; text: string };
        return {
          object: 'block',
          id: block.id,
          type: block.type,
          has_children: (childrenOf.get(block.id) ?? []).length > 0,
          [block.type]: { rich_text: [{ plain_text: block.text }] },
        };
      });
      const size = Math.min(pageSize, Number(url.searchParams.get('page_size') ?? 100));
      return send(200, paginate(results, url.searchParams.get('start_cursor'), size));
    }
    send(404, { object: 'error', status: 404, code: 'object_not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    oauth,
    /** Replaces the workspace's pages (to test re-sync). */
    setPages(next: FakeNotionPage[]) {
      pages = next;
      load(next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
