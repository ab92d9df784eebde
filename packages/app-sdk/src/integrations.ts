import type { Transport } from './transport.ts';

export interface InvokeLLMParams {
  prompt: string;
  /** When given, the model answers an object matching this JSON Schema instead of text. */
  response_json_schema?: Record<string, unknown>;
  /** Files (from `UploadFile`) the model may read. */
  file_urls?: string[];
}

export interface SendEmailParams {
  to: string;
  subject: string;
  body: string;
}

export interface CoreIntegrations {
  /** Asks the app's AI model; answers text, or an object when `response_json_schema` is given. */
  InvokeLLM<T = string>(params: InvokeLLMParams): Promise<T>;
  /** Stores a file; answers its public URL. */
  UploadFile(params: { file: Blob; filename?: string }): Promise<{ file_url: string }>;
  SendEmail(params: SendEmailParams): Promise<{ ok: true }>;
}

export interface IntegrationsClient {
  Core: CoreIntegrations;
}

export function integrationsClient(transport: () => Transport): IntegrationsClient {
  return {
    Core: {
      InvokeLLM: async (params) => {
        const t = transport();
        return t.request('POST', t.appPath('integrations', 'llm'), { body: params });
      },
      UploadFile: async ({ file, filename }) => {
        const t = transport();
        const form = new FormData();
        const name = filename ?? (file as Blob & { name?: string }).name ?? 'upload';
        form.append('file', file, name);
        return t.request('POST', t.appPath('integrations', 'upload'), { form });
      },
      SendEmail: async (params) => {
        const t = transport();
        return t.request('POST', t.appPath('integrations', 'email'), { body: params });
      },
    },
  };
}
