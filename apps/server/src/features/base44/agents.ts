import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type ParseError, parse as parseJsonc } from 'jsonc-parser';
import type { Db } from '../../platform/db/database.ts';
import { agentConversations, appFileBlobs, appVersions } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';

export const AGENT_MESSAGES = {
  notFound: (name: string) => `Agent "${name}" not found: the app has no agents/${name}.jsonc`,
  invalid: (name: string) => `agents/${name}.jsonc is not a valid agent file (JSON with comments)`,
  conversationNotFound: 'Conversation not found',
  tooManyConversations: (max: number) =>
    `You have ${max} conversations with this app's agents, the most there may be`,
  conversationFull: (max: number) =>
    `This conversation has ${max} messages, the most there may be: start a new one`,
  busy: 'The agent is still answering the last message of this conversation',
  noModel:
    'No AI model is connected to this Atelier server, so this agent cannot answer. Ask an administrator to connect one (Admin → AI models).',
  failed: 'The agent could not answer: there was an error. You can retry later.',
  timedOut: 'The agent took too long to answer and was stopped.',
  stopped: 'The agent was stopped: the server restarted while it answered. Send the message again.',
  stepLimit: (steps: number) => `The agent stopped after ${steps} steps of tool calls without an answer.`,
} as const;

/** Conversations one caller may have with one app's agents. */
export const MAX_AGENT_CONVERSATIONS = 500;
/** Messages one conversation may hold (a user message and its answer are two). */
export const MAX_AGENT_MESSAGES = 200;
/** Longest user message, in characters. */
export const MAX_AGENT_USER_MESSAGE_CHARS = 20_000;

export type AgentOperation = 'read' | 'create' | 'update' | 'delete';
export type AgentTool =
  | { kind: 'entity'; entity: string; operations: AgentOperation[] }
  | { kind: 'function'; name: string; description: string };

/** An agent of an app: `agents/<name>.jsonc` of the version the caller uses. */
export interface AgentDeclaration {
  name: string;
  description: string;
  instructions: string;
  tools: AgentTool[];
}

const OPERATIONS: readonly AgentOperation[] = ['read', 'create', 'update', 'delete'];
const AGENT_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Reads Base44's agent file (`description`, `instructions`, `tool_configs`); others fields are ignored. */
export function parseAgentFile(name: string, content: string): AgentDeclaration {
  const errors: ParseError[] = [];
  const parsed = parseJsonc(content, errors, { allowTrailingComma: true }) as Record<string, unknown> | null;
  if (errors.length > 0 || !parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AppError('bad_request', AGENT_MESSAGES.invalid(name));
  }
  const tools: AgentTool[] = [];
  for (const config of Array.isArray(parsed.tool_configs) ? parsed.tool_configs : []) {
    const item = (config ?? {}) as Record<string, unknown>;
    if (typeof item.entity_name === 'string' && item.entity_name !== '') {
      const allowed = Array.isArray(item.allowed_operations) ? item.allowed_operations : ['read'];
      const operations = OPERATIONS.filter((operation) => allowed.includes(operation));
      if (operations.length > 0) tools.push({ kind: 'entity', entity: item.entity_name, operations });
    } else if (typeof item.function_name === 'string' && item.function_name !== '') {
      tools.push({ kind: 'function', name: item.function_name, description: text(item.description) });
    }
  }
  return { name, description: text(parsed.description), instructions: text(parsed.instructions), tools };
}

/** The agent the app declares in the version the caller uses; the SDK's not-found error otherwise. */
export async function loadAgent(
  db: Db,
  appId: string,
  versionId: string | null,
  name: string,
): Promise<AgentDeclaration> {
  if (!versionId || !AGENT_NAME.test(name)) throw notFound(AGENT_MESSAGES.notFound(name));
  const [row] = await db
    .select({ files: appVersions.files })
    .from(appVersions)
    .where(and(eq(appVersions.appId, appId), eq(appVersions.id, versionId)))
    .limit(1);
  const entry = row?.files.find((file) => file.path === `agents/${name}.jsonc`);
  if (!entry) throw notFound(AGENT_MESSAGES.notFound(name));
  const [blob] = await db.select().from(appFileBlobs).where(eq(appFileBlobs.hash, entry.hash)).limit(1);
  return parseAgentFile(name, blob?.content ?? '');
}

export interface AgentToolCall {
  id: string;
  name: string;
  arguments_string: string;
  status: 'running' | 'success' | 'error' | 'stopped';
  results?: string;
}

/** A message in Base44's shape (`AgentMessage` of @base44/sdk). */
export interface AgentMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  created_date: string;
  updated_date: string;
  tool_calls?: AgentToolCall[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  model?: string;
  metadata?: { created_date: string; created_by_email?: string; created_by_full_name?: string };
}

/** A conversation in Base44's shape (`AgentConversation` of @base44/sdk). */
export interface AgentConversation {
  id: string;
  app_id: string;
  agent_name: string;
  created_by_id: string;
  created_date: string;
  updated_date: string;
  metadata: Record<string, unknown>;
  messages: AgentMessage[];
}

type Row = typeof agentConversations.$inferSelect;
const viewOf = (row: Row): AgentConversation => ({
  id: row.id,
  app_id: row.appId,
  agent_name: row.agentName,
  created_by_id: row.userId,
  created_date: row.createdAt.toISOString(),
  updated_date: row.updatedAt.toISOString(),
  metadata: row.metadata,
  messages: row.messages as unknown as AgentMessage[],
});

/** Where a conversation's message changes are signalled (the socket room's listeners read them back). */
export const agentConversationTopic = (conversationId: string) => `agent-conversation:${conversationId}`;

/** A caller of an app: every conversation read or written is theirs. */
export interface ConversationOwner {
  appId: string;
  userId: string;
}

/**
 * Conversations of an app's callers with its agents (`agent_conversations`), always scoped by the
 * app and the caller: another caller's conversation answers 404, like one that does not exist.
 */
export function createAgentConversations(db: Db, bus: EventBus) {
  const mine = (owner: ConversationOwner, id: string) =>
    and(
      eq(agentConversations.id, id),
      eq(agentConversations.appId, owner.appId),
      eq(agentConversations.userId, owner.userId),
    );

  const store = {
    async list(
      owner: ConversationOwner,
      query: { agentName?: string | undefined; limit: number; skip: number },
    ): Promise<AgentConversation[]> {
      const rows = await db
        .select()
        .from(agentConversations)
        .where(
          and(
            eq(agentConversations.appId, owner.appId),
            eq(agentConversations.userId, owner.userId),
            query.agentName === undefined ? undefined : eq(agentConversations.agentName, query.agentName),
          ),
        )
        .orderBy(desc(agentConversations.updatedAt), desc(agentConversations.id))
        .limit(query.limit)
        .offset(query.skip);
      return rows.map(viewOf);
    },

    async get(owner: ConversationOwner, id: string): Promise<AgentConversation> {
      const [row] = await db.select().from(agentConversations).where(mine(owner, id)).limit(1);
      if (!row) throw notFound(AGENT_MESSAGES.conversationNotFound);
      return viewOf(row);
    },

    async create(
      owner: ConversationOwner,
      agentName: string,
      metadata: Record<string, unknown>,
    ): Promise<AgentConversation> {
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(agentConversations)
        .where(and(eq(agentConversations.appId, owner.appId), eq(agentConversations.userId, owner.userId)));
      if ((count?.n ?? 0) >= MAX_AGENT_CONVERSATIONS) {
        throw new AppError('bad_request', AGENT_MESSAGES.tooManyConversations(MAX_AGENT_CONVERSATIONS));
      }
      const [row] = await db
        .insert(agentConversations)
        .values({ id: randomUUID(), appId: owner.appId, userId: owner.userId, agentName, metadata })
        .returning();
      return viewOf(row!);
    },

    /** Adds a message at the end (refused once the conversation holds MAX_AGENT_MESSAGES). */
    async append(owner: ConversationOwner, id: string, message: AgentMessage): Promise<void> {
      const updated = await db
        .update(agentConversations)
        .set({
          messages: sql`${agentConversations.messages} || jsonb_build_array(${JSON.stringify(message)}::jsonb)`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            mine(owner, id),
            sql`jsonb_array_length(${agentConversations.messages}) < ${MAX_AGENT_MESSAGES}`,
          ),
        )
        .returning({ id: agentConversations.id });
      if (updated.length === 0) {
        await store.get(owner, id); // 404 when it is not the caller's
        throw new AppError('bad_request', AGENT_MESSAGES.conversationFull(MAX_AGENT_MESSAGES));
      }
      await bus.publish(agentConversationTopic(id), { messageId: message.id });
    },

    /** Replaces the message with the same id (an answer as it grows). */
    async replace(owner: ConversationOwner, id: string, message: AgentMessage): Promise<void> {
      await db
        .update(agentConversations)
        .set({
          messages: sql`(select coalesce(jsonb_agg(case when m->>'id' = ${message.id} then ${JSON.stringify(message)}::jsonb else m end order by n), '[]'::jsonb)
            from jsonb_array_elements(${agentConversations.messages}) with ordinality as e(m, n))`,
          updatedAt: sql`now()`,
        })
        .where(mine(owner, id));
      await bus.publish(agentConversationTopic(id), { messageId: message.id });
    },

    /** One message of a conversation of the caller's (undefined when there is none). */
    async message(
      owner: ConversationOwner,
      id: string,
      messageId: string,
    ): Promise<AgentMessage | undefined> {
      const [row] = await db
        .select({
          message: sql<AgentMessage | null>`(select m from jsonb_array_elements(${agentConversations.messages}) m where m->>'id' = ${messageId} limit 1)`,
        })
        .from(agentConversations)
        .where(mine(owner, id))
        .limit(1);
      return row?.message ?? undefined;
    },
  };
  return store;
}

export type AgentConversations = ReturnType<typeof createAgentConversations>;
