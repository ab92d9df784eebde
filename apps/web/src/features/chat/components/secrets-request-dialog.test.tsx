// @vitest-environment happy-dom
import { SECRET_MESSAGES } from '@atelier/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { ThemeProvider } from '../../../lib/theme.tsx';
import { SecretsRequestDialog } from './secrets-request-dialog.tsx';

const asked = [
  { secretName: 'OPENAI_API_KEY', description: 'From platform.openai.com', required: true },
  { secretName: 'SLACK_TOKEN', description: '', required: true },
];

/** The secrets endpoint of app-1: answers `status`, and keeps what was posted. */
function fakeSecretsApi(status = 200) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.endsWith('/api/apps/app-1/secrets') || request.method !== 'POST') {
        return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
      }
      if (status !== 200) return Response.json({ error: { code: 'internal', message: 'boom' } }, { status });
      posted.push(await request.json());
      return Response.json({ secrets: [], ignored: [], affectedFunctions: [] });
    }),
  );
  return posted;
}

function renderDialog() {
  const onClose = vi.fn();
  const client = new QueryClient();
  render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <SecretsRequestDialog appId="app-1" secrets={asked} onClose={onClose} />
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return onClose;
}

describe('SecretsRequestDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks every value, masked, and refuses to save while one is empty', async () => {
    const posted = fakeSecretsApi();
    const onClose = renderDialog();
    expect(screen.getByText('From platform.openai.com')).toBeTruthy();
    const key = screen.getByLabelText('OPENAI_API_KEY');
    expect(key.getAttribute('type')).toBe('password');
    fireEvent.change(key, { target: { value: 'sk-1' } });
    fireEvent.change(screen.getByLabelText('SLACK_TOKEN'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save secrets' }));
    expect(await screen.findByText(SECRET_MESSAGES.valuesRequiredTitle)).toBeTruthy();
    expect(screen.getByText(SECRET_MESSAGES.valuesRequired)).toBeTruthy();
    expect(posted).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves all of them with their descriptions, says so and closes', async () => {
    const posted = fakeSecretsApi();
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('OPENAI_API_KEY'), { target: { value: 'sk-1' } });
    fireEvent.change(screen.getByLabelText('SLACK_TOKEN'), { target: { value: 'xoxb-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save secrets' }));
    expect(await screen.findByText(SECRET_MESSAGES.updated)).toBeTruthy();
    expect(posted).toEqual([
      {
        secrets: [
          { key: 'OPENAI_API_KEY', value: 'sk-1', description: 'From platform.openai.com' },
          { key: 'SLACK_TOKEN', value: 'xoxb-2', description: '' },
        ],
      },
    ]);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays open with the spec message when the save fails', async () => {
    fakeSecretsApi(500);
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('OPENAI_API_KEY'), { target: { value: 'sk-1' } });
    fireEvent.change(screen.getByLabelText('SLACK_TOKEN'), { target: { value: 'xoxb-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save secrets' }));
    expect(await screen.findByText(SECRET_MESSAGES.setFailed)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save secrets' })).toHaveProperty('disabled', false),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
