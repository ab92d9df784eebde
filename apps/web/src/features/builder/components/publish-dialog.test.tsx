// @vitest-environment happy-dom
import type { AppSummary } from '@atelier/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublishDialog } from './publish-dialog.tsx';

/** The app as the builder has it: what the dialog reads (the rest of the summary plays no part). */
const app = {
  id: 'app-1',
  name: 'Team Planner',
  header: null,
  description: 'Plans the week',
  gptPrompt: null,
  background: null,
  features: ['Boards', 'Reminders'],
  slug: null,
  publishedAt: null,
} as unknown as AppSummary;

const TAKEN = 'That address is taken by another app';

/** The publish and domains endpoints: a taken address refused, any other published at its own origin. */
function fakeApi() {
  const published: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = request.url;
    if (url.endsWith('/api/apps/app-1/domains')) {
      return Response.json({
        domains: [
          { domain: 'planner.example.com', verified: true },
          { domain: 'pending.example.com', verified: false },
        ],
      });
    }
    if (url.endsWith('/api/apps/app-1/publish') && request.method === 'POST') {
      const body = (await request.json()) as Record<string, unknown>;
      if (body.slug === 'taken') {
        return Response.json({ error: { code: 'slug_taken', message: TAKEN } }, { status: 409 });
      }
      published.push(body);
      const address = `https://${String(body.slug ?? 'team-planner')}.apps.example.com/`;
      return Response.json({
        app: { ...app, publishedUrl: address },
        publishedVersionId: 'v1',
        url: address,
      });
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return { published };
}

function openDialog(busy = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PublishDialog app={app} busy={busy} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
}

describe('PublishDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('fills the form from the app and says a taken address under the address field', async () => {
    const api = fakeApi();
    openDialog();
    expect(screen.getByRole('heading', { name: 'Publish Team Planner' })).toBeTruthy();
    expect(screen.getByLabelText('Header')).toHaveProperty('value', 'Team Planner');
    expect(screen.getByLabelText('Features (one per line)')).toHaveProperty('value', 'Boards\nReminders');
    expect(screen.getByLabelText('Address')).toHaveProperty('placeholder', 'team-planner');

    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish app' }));
    // Under the address field (its error), not at the top of the form.
    const said = await screen.findByText(TAKEN);
    expect(said.id).toBe('publish-slug-error');
    expect(api.published).toEqual([]);
    expect(screen.queryByText('Team Planner is live')).toBeNull();
  });

  it('publishes what the form holds and ends on the address and the verified domains', async () => {
    const api = fakeApi();
    openDialog();
    fireEvent.change(screen.getByLabelText('Features (one per line)'), {
      target: { value: 'Boards\n\nShared calendar' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish app' }));
    expect(await screen.findByRole('heading', { name: 'Team Planner is live' })).toBeTruthy();
    expect(api.published).toEqual([
      {
        header: 'Team Planner',
        description: 'Plans the week',
        gptPrompt: null,
        background: null,
        features: ['Boards', 'Shared calendar'],
      },
    ]);
    expect(screen.getByLabelText('Address')).toHaveProperty(
      'value',
      'https://team-planner.apps.example.com/',
    );
    const domain = await screen.findByRole('link', { name: 'planner.example.com' });
    expect(domain.getAttribute('href')).toBe('https://planner.example.com');
    expect(screen.queryByText('pending.example.com')).toBeNull();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open' })).toBeTruthy());
  });

  it('waits while the assistant is still changing the app: no publish of the version before the reply', () => {
    const api = fakeApi();
    openDialog(true);
    expect(screen.getByRole('status').textContent).toBe(
      'The assistant is still changing the app. Publish when its reply has finished.',
    );
    const button = screen.getByRole('button', { name: 'Publish app' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(api.published).toEqual([]);
  });
});
