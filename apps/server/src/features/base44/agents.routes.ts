import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { resolveActor } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import { serviceRoleAppId } from '../../platform/http/dispatch-env.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import { safeJson } from '../../platform/safe-json.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import { functionsRuntime } from '../functions/functions.runtime.ts';
import { agentAnswers } from './agent-answers.ts';
import { type AgentCaller, answerAsAgent, forwardedCredentials } from './agent-reply.ts';
import {
  AGENT_MESSAGES,
  type AgentMessage,
  createAgentConversations,
  loadAgent,
  MAX_AGENT_USER_MESSAGE_CHARS,
} from './agents.ts';
import { bodyOf } from './protocol.ts';

export { AGENT_MESSAGES };

const createConversation = z.object({
  agent_name: z.string().min(1).max(200),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
const addMessage = z.object({
  role: z.literal('user').optional(),
  content: z.string().min(1).max(MAX_AGENT_USER_MESSAGE_CHARS),
});
const listQuery = z.object({
  agent_name: z.string().max(200).optional(),
  /** `listConversations({ q: { agent_name } })`: the SDK sends q as JSON. */
  q: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  skip: z.coerce.number().int().min(0).max(100_000).optional(),
});
/** Metadata kept with a conversation, at most (bytes of JSON). */
const MAX_METADATA_BYTES = 16 * 1024;

/**
 * Base44's agents API (`base44.agents`, README.md "Agents"): conversations of the caller with the
 * agents the app declares (`agents/<name>.jsonc`), each answered through the AI layer
 * (agent-reply.ts) and pushed to the socket room `/agent-conversations/{id}` (realtime.ts). For
 * callers the app knows only (its end users, its builder); others 401. A conversation is its
 * starter's: another caller's answers 404.
 */
export function base44AgentRoutes(
  entities: EntitiesModule,
  deps: Pick<AppDeps, 'database' | 'llm' | 'bus' | 'logger' | 'areas'>,
) {
  const conversations = createAgentConversations(deps.database.db, deps.bus);
  /** Conversations whose answer is being written on this instance (one at a time each). */
  const answering = new Set<string>();

  const callerOf = async (c: Context<AppEnv>) => {
    const appId = c.req.param('appId') ?? '';
    const actor = await resolveActor(c);
    const entityCaller = { actor: actor ?? undefined, serviceRoleFor: serviceRoleAppId(c) };
    const { access, versionId } = await entities.contexts.appAccess(appId, entityCaller);
    // A function's service role has no conversations of its own.
    if (access.kind === 'anonymous' || entityCaller.serviceRoleFor === appId) {
      throw new AppError('unauthorized', 'Sign in first');
    }
    const caller: AgentCaller = {
      owner: { appId, userId: access.userId },
      entityCaller,
      actor: actor && actor.via !== 'cookie' ? actor : null,
      headers: forwardedCredentials(c.req.raw.headers),
    };
    return { caller, versionId, actor };
  };

  return new Hono<AppEnv>()
    .get('/apps/:appId/agents/conversations', routePolicy(POLICY.api), async (c) => {
      const { caller } = await callerOf(c);
      const query = listQuery.safeParse(c.req.query());
      if (!query.success)
        throw new AppError('bad_request', 'The query of the conversations list is not valid');
      let agentName = query.data.agent_name;
      if (agentName === undefined && query.data.q) {
        const q = safeJson(query.data.q) as { agent_name?: unknown } | undefined;
        if (typeof q?.agent_name === 'string') agentName = q.agent_name;
      }
      return c.json(
        await conversations.list(caller.owner, {
          agentName,
          limit: query.data.limit ?? 100,
          skip: query.data.skip ?? 0,
        }),
      );
    })
    .get('/apps/:appId/agents/conversations/:id', routePolicy(POLICY.api), async (c) => {
      const { caller } = await callerOf(c);
      return c.json(await conversations.get(caller.owner, c.req.param('id')));
    })
    .post('/apps/:appId/agents/conversations', routePolicy(POLICY.api), async (c) => {
      const { caller, versionId } = await callerOf(c);
      const { agent_name, metadata } = await bodyOf(c, createConversation);
      await loadAgent(deps.database.db, caller.owner.appId, versionId, agent_name);
      if (metadata && JSON.stringify(metadata).length > MAX_METADATA_BYTES) {
        throw new AppError('bad_request', `metadata: at most ${MAX_METADATA_BYTES} bytes of JSON`);
      }
      return c.json(await conversations.create(caller.owner, agent_name, metadata ?? {}));
    })
    .post('/apps/:appId/agents/conversations/v2/:id/messages', routePolicy(POLICY.api), async (c) => {
      const { caller, versionId, actor } = await callerOf(c);
      const id = c.req.param('id');
      const input = await bodyOf(c, addMessage);
      const conversation = await conversations.get(caller.owner, id);
      const agent = await loadAgent(deps.database.db, caller.owner.appId, versionId, conversation.agent_name);
      if (answering.has(id)) throw new AppError('conflict', AGENT_MESSAGES.busy);
      const at = new Date().toISOString();
      const message: AgentMessage = {
        id: randomUUID(),
        role: 'user',
        content: input.content,
        created_date: at,
        updated_date: at,
        metadata: {
          created_date: at,
          ...(actor?.email ? { created_by_email: actor.email } : {}),
          ...(actor?.name ? { created_by_full_name: actor.name } : {}),
        },
      };
      await conversations.append(caller.owner, id, message);
      answering.add(id);
      const withMessage = { ...conversation, messages: [...conversation.messages, message] };
      // The answer comes through the conversation's room (and getConversation), as on Base44.
      agentAnswers(deps).run((stopped) =>
        answerAsAgent(
          {
            llm: deps.llm,
            entities,
            conversations,
            functions: () => functionsRuntime(deps),
            logger: deps.logger,
          },
          agent,
          withMessage,
          caller,
          stopped,
        ).finally(() => answering.delete(id)),
      );
      return c.json(message);
    });
}
