import { tenantForApp } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { resolveActor } from '../../platform/auth/middleware.ts';
import { consumeOrThrow } from '../../platform/auth/rate-limits.ts';
import { AppError } from '../../platform/errors.ts';
import { serviceRoleAppId } from '../../platform/http/dispatch-env.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import type { Llm } from '../../platform/llm/index.ts';
import type { AccountsContext } from '../accounts/accounts.context.ts';
import { escapeHtml } from '../accounts/auth-emails.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import { bodyOf } from './protocol.ts';

const schemas = {
  invokeLlm: z.object({
    prompt: z.string().min(1).max(100_000),
    response_json_schema: z.record(z.string(), z.unknown()).nullish(),
    add_context_from_internet: z.boolean().nullish(),
    file_urls: z.union([z.string(), z.array(z.string())]).nullish(),
  }),
  sendEmail: z.object({
    to: z.string().max(320),
    subject: z.string().min(1).max(500),
    body: z.string().max(100_000),
    from_name: z.string().max(200).nullish(),
  }),
};

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
export function base44IntegrationRoutes(llm: Llm, accounts: AccountsContext, entities: EntitiesModule) {
  /** The caller's identity in the app: its end user or its builder, else 401. */
  const callerOf = async (c: Context<AppEnv>) => {
    const appId = c.req.param('appId') ?? '';
    const { access } = await entities.contexts.appAccess(appId, {
      actor: (await resolveActor(c)) ?? undefined,
      serviceRoleFor: serviceRoleAppId(c),
    });
    if (access.kind === 'anonymous') throw new AppError('unauthorized', 'Sign in first');
    return { appId, userId: access.userId };
  };

  return new Hono<AppEnv>()
    .post('/apps/:appId/integration-endpoints/Core/InvokeLLM', async (c) => {
      const { appId, userId } = await callerOf(c);
      const input = await bodyOf(c, schemas.invokeLlm);
      if (input.add_context_from_internet) throw notSupported('add_context_from_internet (web search)');
      if (input.file_urls && input.file_urls.length > 0) throw notSupported('file_urls in InvokeLLM');
      const schema = input.response_json_schema;
      const system = schema
        ? `Answer only with one JSON value that follows this JSON Schema, without any other text:\n${JSON.stringify(schema)}`
        : undefined;
      const { text } = await llm.generateText({
        purpose: 'app_integration',
        appId,
        userId,
        prompt: input.prompt,
        system,
        abortSignal: c.req.raw.signal,
      });
      return c.json(schema ? (jsonOfAnswer(text) as object) : text);
    })
    .post('/apps/:appId/integration-endpoints/Core/SendEmail', async (c) => {
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
    .post('/apps/:appId/integration-endpoints/Core/:name', () => {
      throw notSupported('This integration');
    })
    .post('/apps/:appId/integration-endpoints/installable/*', () => {
      throw notSupported('Installable integrations');
    });
}
