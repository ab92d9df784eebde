import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from './base44-sdk.ts';

const page = globalThis as { __ATELIER__?: { appId?: string; apiBase?: string; previewToken?: string } };
const PREVIEW_TOKEN = 'preview.jwt.credential';
const DOCUMENT_TOKEN = 'preview.jwt.document';
const location = globalThis as { location?: { search: string; href: string; origin: string } };

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  preview?: string;
  body: string;
}

describe("the page's @base44/sdk", () => {
  const seen: Seen[] = [];
  let conversation: { id: string; messages: { id: string; role: string; content: string }[] } = {
    id: 'c1',
    messages: [],
  };
  let server: http.Server;
  let apiBase = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: req.headers.authorization,
          preview: req.headers['x-atelier-preview-token'] as string | undefined,
          body,
        });
        res.setHeader('content-type', 'application/json');
        if (req.url?.includes('/agents/conversations/')) res.end(JSON.stringify(conversation));
        else res.end(JSON.stringify({ id: 'u1', email: 'builder@example.com' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    seen.length = 0;
    delete page.__ATELIER__;
    delete location.location;
  });

  it("does not send the preview's credential, read from the address as an access token, as a Bearer token", async () => {
    page.__ATELIER__ = { appId: 'app-1', apiBase, previewToken: PREVIEW_TOKEN };
    location.location = {
      search: `?version=v1&token=${DOCUMENT_TOKEN}`,
      href: `http://127.0.0.1/preview/app-1?version=v1&token=${DOCUMENT_TOKEN}`,
      origin: 'http://127.0.0.1',
    };
    // An export's reworked app-params: `token: new URLSearchParams(location.search).get('token')`.
    await createClient({ appId: 'theirs', token: DOCUMENT_TOKEN, serverUrl: '' }).auth.me();
    await createClient({ appId: 'theirs', token: PREVIEW_TOKEN, serverUrl: '' }).auth.me();
    for (const call of seen.slice(0, 2)) {
      expect(call).toMatchObject({ method: 'GET', url: '/api/apps/app-1/entities/User/me' });
      expect(call.authorization).toBeUndefined();
      expect(call.preview).toBe(PREVIEW_TOKEN);
    }

    // An end user's own token is kept.
    await createClient({ appId: 'theirs', token: 'end-user-session', serverUrl: '' }).auth.me();
    expect(seen[2]?.authorization).toBe('Bearer end-user-session');
  });

  it("answers older exports' User.updateMyUserData(…) as updateMe", async () => {
    page.__ATELIER__ = { appId: 'app-1', apiBase, previewToken: PREVIEW_TOKEN };
    // SDK 0.1.x exports: `export const User = base44.auth;` in their own api/entities.js.
    const User = createClient({ appId: 'theirs', serverUrl: '' }).auth as unknown as {
      updateMyUserData: (data: Record<string, unknown>) => Promise<unknown>;
    };
    await User.updateMyUserData({ completed_onboarding: true });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/apps/app-1/entities/User/me' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ completed_onboarding: true });
  });

  it("reads a subscribed agent conversation again in the preview, whose socket is not the builder's", async () => {
    page.__ATELIER__ = { appId: 'app-1', apiBase, previewToken: PREVIEW_TOKEN };
    const client = createClient({ appId: 'theirs', serverUrl: '' });
    const updates: unknown[] = [];
    const stop = client.agents.subscribeToConversation('c1', (current) => updates.push(current.messages));
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    const answer = { id: 'm2', role: 'assistant', content: 'Hello' };
    conversation = { id: 'c1', messages: [answer] };
    await vi.waitFor(() => expect(updates).toEqual([[answer]]), { timeout: 5_000 });
    stop();
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/apps/app-1/agents/conversations/c1' });
    expect(seen[0]?.preview).toBe(PREVIEW_TOKEN);
  });
});
