import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeNotion } from '../../../../test/support/fake-notion.ts';
import { ConnectorError } from './connector.ts';
import { createNotionConnector, NOTION_VERSION } from './notion.ts';

let notion: Awaited<ReturnType<typeof startFakeNotion>>;

beforeAll(async () => {
  notion = await startFakeNotion({
    token: 'secret-notion',
    pageSize: 2,
    pages: [
      {
        id: 'page-a',
        title: 'Refund policy',
        blocks: [
          { type: 'heading_1', text: 'Refunds' },
          { type: 'paragraph', text: 'Refunds are granted within thirty days.' },
          {
            type: 'bulleted_list_item',
            text: 'Exceptions',
            children: [{ type: 'paragraph', text: 'Gift cards are never refunded.' }],
          },
          { type: 'to_do', text: 'Review yearly' },
          { type: 'quote', text: 'Customers first.' },
        ],
      },
      { id: 'page-b', title: 'Team', blocks: [{ type: 'paragraph', text: 'Five people.' }] },
      { id: 'page-c', title: 'Menu', blocks: [] },
    ],
  });
});
afterAll(() => notion?.close());

describe('Notion connector', () => {
  it('is configured only with a token', () => {
    expect(createNotionConnector({ token: undefined }).isConfigured()).toBe(false);
    expect(createNotionConnector({ token: 'x' }).isConfigured()).toBe(true);
  });

  it('lists every page across search pages, with titles, type and URL', async () => {
    const connector = createNotionConnector({ token: 'secret-notion', baseUrl: notion.url });
    const documents = await connector.listDocuments();
    expect(documents).toEqual([
      {
        providerItemId: 'page-a',
        name: 'Refund policy',
        type: 'notion_page',
        externalFileUrl: 'https://www.notion.so/page-a',
      },
      {
        providerItemId: 'page-b',
        name: 'Team',
        type: 'notion_page',
        externalFileUrl: 'https://www.notion.so/page-b',
      },
      {
        providerItemId: 'page-c',
        name: 'Menu',
        type: 'notion_page',
        externalFileUrl: 'https://www.notion.so/page-c',
      },
    ]);
    const searches = notion.requests.filter((r) => r.path === '/v1/search');
    expect(searches).toHaveLength(2);
    expect(searches.every((r) => r.version === NOTION_VERSION)).toBe(true);
  });

  it('reads a page as text through paginated and nested block children', async () => {
    const connector = createNotionConnector({ token: 'secret-notion', baseUrl: notion.url });
    const { documents, size } = await connector.fetchDocument('page-a');
    expect(documents).toHaveLength(1);
    const text = documents[0]?.text ?? '';
    expect(text.split('\n').filter(Boolean)).toEqual([
      'Refunds',
      'Refunds are granted within thirty days.',
      'Exceptions',
      'Gift cards are never refunded.',
      '[ ] Review yearly',
      'Customers first.',
    ]);
    expect(size).toBe(Buffer.byteLength(text));
    const pageReads = notion.requests.filter((r) => r.path.startsWith('/v1/blocks/page-a/children'));
    expect(pageReads.length).toBe(3); // five blocks, two per page
    expect(pageReads[1]?.path).toContain('start_cursor=2');
  });

  it('gives an empty page no documents', async () => {
    const connector = createNotionConnector({ token: 'secret-notion', baseUrl: notion.url });
    expect((await connector.fetchDocument('page-c')).documents).toEqual([]);
  });

  it('fails with a readable error for a wrong token or a missing page', async () => {
    const wrong = createNotionConnector({ token: 'nope', baseUrl: notion.url });
    await expect(wrong.listDocuments()).rejects.toThrow(
      new ConnectorError('Notion refused access: check the integration token and page sharing'),
    );
    const right = createNotionConnector({ token: 'secret-notion', baseUrl: notion.url });
    await expect(right.fetchDocument('missing')).rejects.toThrow(
      'This Notion page was not found or is not shared',
    );
  });
});
