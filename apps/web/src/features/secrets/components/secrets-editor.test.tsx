// @vitest-environment happy-dom
import { SECRET_MESSAGES } from '@atelier/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { ThemeProvider } from '../../../lib/theme.tsx';
import { SecretsEditor } from './secrets-editor.tsx';

/** The secrets API of one app, in memory: what the editor sends, and what the server would answer. */
function fakeSecretsApi(stored: { key: string; description: string }[]) {
  const posted: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.endsWith('/api/apps/app-1/secrets')) return new Response('{}', { status: 404 });
    if (request.method === 'GET') return Response.json({ secrets: stored });
    const body = (await request.json()) as { secrets: { key: string; description: string }[] };
    posted.push(body);
    for (const row of body.secrets) {
      if (!stored.some((s) => s.key === row.key)) stored.push({ key: row.key, description: row.description });
    }
    return Response.json({ secrets: stored, ignored: [], affectedFunctions: ['checkout'] });
  });
  return { fetch, posted };
}

function renderEditor(onAffectedFunctions = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <SecretsEditor appId="app-1" onAffectedFunctions={onAffectedFunctions} />
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return onAffectedFunctions;
}

describe('SecretsEditor', () => {
  let api: ReturnType<typeof fakeSecretsApi>;
  beforeEach(() => {
    api = fakeSecretsApi([{ key: 'STRIPE_KEY', description: 'Payments' }]);
    vi.stubGlobal('fetch', api.fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the stored secrets with their value hidden and never sent back unchanged', async () => {
    renderEditor();
    const row = await screen.findByRole('group', { name: 'STRIPE_KEY' });
    expect(within(row).getByLabelText('Key')).toHaveProperty('value', 'STRIPE_KEY');
    expect(within(row).getByLabelText('Value')).toHaveProperty('value', '');
    expect(within(row).getByLabelText('Instructions')).toHaveProperty('value', 'Payments');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Nothing changed: an empty save, not the stored key with an empty value.
    await waitFor(() => expect(api.posted).toEqual([{ secrets: [] }]));
  });

  it('refuses a new row without a value with the spec message, and saves it once filled in', async () => {
    const onAffected = renderEditor();
    await screen.findByRole('group', { name: 'STRIPE_KEY' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Secret' }));
    const keys = screen.getAllByLabelText('Key');
    expect(keys).toHaveLength(2);
    fireEvent.change(keys[1] as HTMLElement, { target: { value: ' OPENAI_KEY ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SECRET_MESSAGES.keyAndValueRequired)).toBeTruthy();
    expect(api.posted).toEqual([]);

    fireEvent.change(screen.getAllByLabelText('Value')[1] as HTMLElement, { target: { value: 'sk-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.posted).toEqual([{ secrets: [{ key: 'OPENAI_KEY', value: 'sk-123', description: '' }] }]),
    );
    expect(await screen.findByText(SECRET_MESSAGES.saved)).toBeTruthy();
    expect(onAffected).toHaveBeenCalledWith(['checkout']);
    // The saved row is now a stored one: its value field is empty again.
    const saved = await screen.findByRole('group', { name: 'OPENAI_KEY' });
    expect(within(saved).getByLabelText('Value')).toHaveProperty('value', '');
  });

  it('says so when the secrets cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 })),
    );
    renderEditor();
    expect((await screen.findByRole('alert')).textContent).toBe(SECRET_MESSAGES.loadFailed);
  });
});
