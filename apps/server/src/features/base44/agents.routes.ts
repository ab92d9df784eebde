import { Hono } from 'hono';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import { bodyOf, signedInCaller } from './protocol.ts';

export const AGENT_MESSAGES = {
  notFound: (name: string) => `Agent "${name}" not found: Atelier apps have no agents`,
} as const;

const createConversation = z.object({ agent_name: z.string().min(1).max(200) });

/**
 * Base44's agents API (`base44.agents`), as far as it is true of an Atelier app, which has no
 * agents: the caller's conversations (`getConversations`, `listConversations`) are none, and a
 * conversation with a named agent (`createConversation`) is the SDK's not-found error. Reading or
 * writing to a conversation (`getConversation`, `addMessage`, `subscribeToConversation`) has no
 * conversation to find: the API's 404. Like Base44's, for callers the app knows only (its end
 * users, its builder, a function's service role); others 401. Nothing pretends an agent answered.
 */
export function base44AgentRoutes(entities: EntitiesModule) {
  return new Hono<AppEnv>()
    .get('/apps/:appId/agents/conversations', routePolicy(POLICY.api), async (c) => {
      await signedInCaller(entities, c);
      return c.json([]);
    })
    .post('/apps/:appId/agents/conversations', routePolicy(POLICY.api), async (c) => {
      await signedInCaller(entities, c);
      const { agent_name } = await bodyOf(c, createConversation);
      throw notFound(AGENT_MESSAGES.notFound(agent_name));
    });
}
