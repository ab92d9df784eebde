// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, api, formData } from './api.ts';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client.ts';
import { GENERIC_ERROR_MESSAGE } from './constants.ts';

function stubFetch(respond: (request: Request) => Response | Promise<Response>) {
  const seen: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      seen.push(request);
      return respond(request);
    }),
  );
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('the typed API client', () => {
  it('calls the contract’s path under /api with the session cookie and answers the parsed body', async () => {
    const seen = stubFetch(() => Response.json({ defaultModel: 'offline', models: [] }));
    const models = await answer(api.GET('/llm/models'));
    expect(models).toEqual({ defaultModel: 'offline', models: [] });
    expect(new URL(seen[0]!.url).pathname).toBe('/api/llm/models');
    expect(seen[0]!.credentials).toBe('include');
  });

  it('sends query parameters and JSON bodies as the contract names them', async () => {
    const seen = stubFetch(() => Response.json({}));
    await answer(api.GET('/admin/llm/usage', { params: { query: { limit: 20, appId: 'a 1' } } }));
    await answer(api.PUT('/admin/llm/settings', { body: { openaiBaseUrl: 'http://127.0.0.1:11434/v1' } }));
    expect(new URL(seen[0]!.url).search).toBe('?limit=20&appId=a%201');
    expect(seen[1]!.method).toBe('PUT');
    expect(await seen[1]!.json()).toEqual({ openaiBaseUrl: 'http://127.0.0.1:11434/v1' });
  });

  it('sends a multipart body as form fields, a list as one field per item', async () => {
    const seen = stubFetch(() => Response.json({ file_url: '/api/uploads/x.png' }, { status: 201 }));
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    await answer(
      api.POST('/apps/{appId}/integrations/upload', {
        params: { path: { appId: 'a1' } },
        body: { file, folder: 'branding' },
        bodySerializer: formData,
      }),
    );
    const sent = await seen[0]!.formData();
    expect((sent.get('file') as File).name).toBe('logo.png');
    expect(sent.get('folder')).toBe('branding');
    expect(formData({ file: [file, file], note: undefined }).getAll('file')).toHaveLength(2);
    expect(formData({ note: undefined }).has('note')).toBe(false);
  });

  it('rejects an error answer with its ApiError code, message and status', async () => {
    stubFetch(() =>
      Response.json(
        { error: { code: 'forbidden', message: 'Only admins can change the AI models.' } },
        { status: 403 },
      ),
    );
    const failed = answer(api.GET('/admin/llm/settings'));
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only admins can change the AI models.',
      status: 403,
    });
  });

  it('rejects a request that got no answer with a network_error', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(answer(api.GET('/llm/models'))).rejects.toMatchObject({
      code: 'network_error',
      message: GENERIC_ERROR_MESSAGE,
      status: NETWORK_ERROR_STATUS,
    });
  });
});
