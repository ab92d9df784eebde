import { IMAGE_UPLOAD_MAX_BYTES, tenantForApp, UPLOAD_MESSAGES } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { consumeOrThrow } from '../../platform/auth/rate-limits.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import type { Llm } from '../../platform/llm/index.ts';
import type { AccountsContext } from '../accounts/accounts.context.ts';
import { escapeHtml } from '../accounts/auth-emails.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import { fileHeaders } from '../uploads/uploads.service.ts';
import { appFile, documentText, EXTRACT_MAX_CHARS, extractableText } from './extract.ts';
import {
  formFile,
  privateFileName,
  publicFileUrl,
  readSignedFile,
  SIGNED_URL_DEFAULT_SECONDS,
  SIGNED_URL_MAX_SECONDS,
  signedFileUrl,
  storeAppFile,
} from './files.ts';
import { bodyOf, signedInCaller } from './protocol.ts';

/** Most files one InvokeLLM call hands the model (`file_urls`). */
export const INVOKE_LLM_MAX_FILES = 5;

/** Files the model gets as images; other files as their text (`documentText`). */
const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

type UserPart = { type: 'text'; text: string } | { type: 'image'; image: Uint8Array; mediaType: string };

const schemas = {
  invokeLlm: z.object({
    prompt: z.string().min(1).max(100_000),
    response_json_schema: z.record(z.string(), z.unknown()).nullish(),
    add_context_from_internet: z.boolean().nullish(),
    file_urls: z
      .union([z.string().max(2000), z.array(z.string().max(2000)).max(INVOKE_LLM_MAX_FILES)])
      .nullish(),
  }),
  signedUrl: z.object({
    file_uri: z.string().min(1).max(500),
    expires_in: z.number().int().min(1).max(SIGNED_URL_MAX_SECONDS).nullish(),
  }),
  extract: z.object({
    file_url: z.string().min(1).max(2000),
    json_schema: z.record(z.string(), z.unknown()),
  }),
  sendEmail: z.object({
    to: z.string().max(320),
    subject: z.string().min(1).max(500),
    body: z.string().max(100_000),
    from_name: z.string().max(200).nullish(),
  }),
};

/** Multipart uploads: the file cap (plus room for the form's parts) instead of the 1 MiB JSON cap. */
const fileBodyLimit = bodyLimit({
  maxSize: IMAGE_UPLOAD_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError('file_too_large', UPLOAD_MESSAGES.tooLarge, { limitBytes: IMAGE_UPLOAD_MAX_BYTES });
  },
});

export const INTEGRATION_MESSAGES = {
  /** InvokeLLM with no provider connected (the offline assistant writes apps, not app answers). */
  noModel:
    'No AI model is connected to this Atelier server, so InvokeLLM cannot answer. Ask an administrator to connect one (Admin → AI models).',
} as const;

const notSupported = (what: string) =>
  new AppError('not_implemented', `${what} is not supported by Atelier yet`);

/** The JSON object of a model's answer (a fenced block or the bare object). */
function jsonOfAnswer(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1] ?? text;
  try {
    return JSON.parse(fenced.trim());
  } catch {
    throw new AppError('service_unavailable', 'The model did not answer with JSON', undefined, 502);
  }
}

/**
 * Base44's Core integrations (`POST /api/apps/{appId}/integration-endpoints/Core/{Name}`, README.md
 * "Integrations"): InvokeLLM through the AI layer (usage recorded for the app) and SendEmail
 * through the mailer, both for the app's signed-in end users and its builder only; the others
 * answer 501.
 */
export function base44IntegrationRoutes(
  llm: Llm,
  accounts: AccountsContext,
  entities: EntitiesModule,
  db: Db,
  publicUrl: string,
) {
  /** The caller's identity in the app: its end user or its builder, else 401. */
  const callerOf = async (c: Context<AppEnv>) => {
    const { appId, access } = await signedInCaller(entities, c);
    return { appId, userId: access.userId };
  };

  /**
   * InvokeLLM's `file_urls` as parts of the user's message: the app's own files only (`appFile`,
   * no outbound request), images as images, other files as their parsed text (CSV, PDF, Word,
   * text), EXTRACT_MAX_CHARS of text in all.
   */
  const filesForModel = async (
    c: Context<AppEnv>,
    appId: string,
    fileUrls: string | string[] | null | undefined,
  ): Promise<UserPart[]> => {
    const urls = typeof fileUrls === 'string' ? [fileUrls] : (fileUrls ?? []);
    if (urls.length === 0) return [];
    const secret = await accounts.auth.jwt.secret();
    const parts: UserPart[] = [];
    let room = EXTRACT_MAX_CHARS;
    for (const url of urls) {
      const file = await appFile(db, appId, publicUrl, url, secret);
      if (MODEL_IMAGE_TYPES.has(file.contentType)) {
        parts.push({ type: 'image', image: new Uint8Array(file.data), mediaType: file.contentType });
        continue;
      }
      const text = (await documentText(file)).slice(0, room);
      room -= text.length;
      parts.push({ type: 'text', text: `The file ${file.name}:\n${text}` });
      if (c.req.raw.signal.aborted) break;
    }
    return parts;
  };

  return new Hono<AppEnv>()
    .post('/apps/:appId/integration-endpoints/Core/InvokeLLM', routePolicy(POLICY.api), async (c) => {
      const { appId, userId } = await callerOf(c);
      const input = await bodyOf(c, schemas.invokeLlm);
      if (input.add_context_from_internet) throw notSupported('add_context_from_internet (web search)');
      // The offline assistant answers builders in its action protocol: nothing an app can use, and
      // no JSON for a schema. A readable 503 in the SDK's error shape instead.
      if ((await llm.resolveModel()).offline)
        throw new AppError('service_unavailable', INTEGRATION_MESSAGES.noModel);
      const schema = input.response_json_schema;
      const system = schema
        ? `Answer only with one JSON value that follows this JSON Schema, without any other text:\n${JSON.stringify(schema)}`
        : undefined;
      const parts = await filesForModel(c, appId, input.file_urls);
      const { text } = await llm.generateText({
        purpose: 'app_integration',
        appId,
        userId,
        ...(parts.length === 0
          ? { prompt: input.prompt }
          : { messages: [{ role: 'user', content: [{ type: 'text', text: input.prompt }, ...parts] }] }),
        system,
        abortSignal: c.req.raw.signal,
      });
      return c.json(schema ? (jsonOfAnswer(text) as object) : text);
    })
    .post('/apps/:appId/integration-endpoints/Core/SendEmail', routePolicy(POLICY.api), async (c) => {
      const { appId } = await callerOf(c);
      const input = await bodyOf(c, schemas.sendEmail);
      const to = input.to.trim().toLowerCase();
      const [user] = await entities.repo.run<{ id: string }>(
        sql`select u.id from users u where u.tenant_id = ${tenantForApp(appId)} and u.email = ${to} and u.disabled_at is null`,
      );
      if (!user) throw new AppError('bad_request', 'SendEmail sends only to users of this app');
      await consumeOrThrow(
        accounts.auth.limits.mailByRecipient,
        `${tenantForApp(appId)}:${to}`,
        new AppError('rate_limited', 'Too many e-mails to this address; try again later'),
      );
      const paragraphs = input.body
        .split(/\n{2,}/)
        .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`);
      await accounts.mailer.send({
        to,
        subject: input.subject,
        text: input.body,
        html: paragraphs.join('\n'),
      });
      return c.json({ success: true });
    })
    .post(
      '/apps/:appId/integration-endpoints/Core/UploadFile',
      routePolicy(POLICY.upload),
      fileBodyLimit,
      async (c) => {
        const { appId } = await callerOf(c);
        const { key } = await storeAppFile(db, { appId, file: await formFile(c), private: false });
        return c.json({ file_url: publicFileUrl(publicUrl, key) });
      },
    )
    .post(
      '/apps/:appId/integration-endpoints/Core/UploadPrivateFile',
      routePolicy(POLICY.upload),
      fileBodyLimit,
      async (c) => {
        const { appId } = await callerOf(c);
        const { key } = await storeAppFile(db, { appId, file: await formFile(c), private: true });
        return c.json({ file_uri: key });
      },
    )
    .post(
      '/apps/:appId/integration-endpoints/Core/CreateFileSignedUrl',
      routePolicy(POLICY.api),
      async (c) => {
        const { appId } = await callerOf(c);
        const input = await bodyOf(c, schemas.signedUrl);
        const name = privateFileName(appId, input.file_uri);
        const secret = await accounts.auth.jwt.secret();
        const expiresIn = input.expires_in ?? SIGNED_URL_DEFAULT_SECONDS;
        return c.json({ signed_url: signedFileUrl({ publicUrl, appId, name, expiresIn, secret }) });
      },
    )
    .get('/apps/:appId/private-files/:name', routePolicy(POLICY.api), async (c) => {
      const file = await readSignedFile(db, {
        appId: c.req.param('appId'),
        name: c.req.param('name'),
        expires: c.req.query('expires'),
        signature: c.req.query('signature'),
        secret: await accounts.auth.jwt.secret(),
      });
      return new Response(new Uint8Array(file.data), { headers: fileHeaders(file, 'private, no-store') });
    })
    .post(
      '/apps/:appId/integration-endpoints/Core/ExtractDataFromUploadedFile',
      routePolicy(POLICY.api),
      async (c) => {
        const { appId, userId } = await callerOf(c);
        const input = await bodyOf(c, schemas.extract);
        const text = await extractableText(
          db,
          appId,
          publicUrl,
          input.file_url,
          await accounts.auth.jwt.secret(),
        );
        const { text: answer } = await llm.generateText({
          purpose: 'app_integration',
          appId,
          userId,
          system: `Extract the data of the document below. Answer only with one JSON value that follows this JSON Schema, without any other text:\n${JSON.stringify(input.json_schema)}`,
          prompt: text,
          abortSignal: c.req.raw.signal,
        });
        return c.json({ status: 'success', details: null, output: jsonOfAnswer(answer) });
      },
    )
    .post('/apps/:appId/integration-endpoints/Core/GenerateImage', routePolicy(POLICY.api), async (c) => {
      await callerOf(c);
      throw new AppError(
        'not_implemented',
        'GenerateImage needs an image model, and none is configured on this Atelier',
      );
    })
    .post('/apps/:appId/integration-endpoints/Core/:name', routePolicy(POLICY.api), () => {
      throw notSupported('This integration');
    })
    .post('/apps/:appId/integration-endpoints/installable/*', routePolicy(POLICY.api), () => {
      throw notSupported('Installable integrations');
    });
}
