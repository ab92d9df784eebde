import { randomUUID } from 'node:crypto';
import { functionWebhookUrl } from '@atelier/shared';
import { jsonSchema, type ModelMessage, stepCountIs, type ToolSet, tool } from 'ai';
import type { Actor } from '../../platform/auth/actor.ts';
import { PREVIEW_CREDENTIAL_HEADER } from '../../platform/auth/runtime.ts';
import type { Llm } from '../../platform/llm/index.ts';
import type { Logger } from '../../platform/logger.ts';
import type { EntityCaller } from '../entities/context.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import type { FunctionsRuntime } from '../functions/functions.runtime.ts';
import { invokeFunction } from '../functions/invoke.service.ts';
import {
  AGENT_MESSAGES,
  type AgentConversation,
  type AgentConversations,
  type AgentDeclaration,
  type AgentMessage,
  type AgentToolCall,
  type ConversationOwner,
} from './agents.ts';
import { createBase44Entities } from './entities.service.ts';
import { toBase44Records, writableFields } from './records.ts';

/** Model steps of one answer at most (each may call tools). */
export const AGENT_MAX_STEPS = 5;
/** Longest time one answer may take, tools included. */
export const AGENT_REPLY_TIMEOUT_MS = 90_000;
/** Longest answer text kept, in characters. */
export const AGENT_MAX_ANSWER_CHARS = 20_000;
/** Longest tool result given to the model and kept with the message, in characters. */
export const AGENT_MAX_TOOL_RESULT_CHARS = 8_000;
/** Records an entity tool reads at most. */
export const AGENT_MAX_READ = 50;
/** Earlier messages given to the model with the new one. */
const HISTORY_MESSAGES = 30;
/** How often a growing answer is stored and pushed to the conversation's room. */
const PUSH_EVERY_MS = 250;

/** Who asks, as the routes resolved them: tools act as this caller. */
export interface AgentCaller {
  owner: ConversationOwner;
  entityCaller: EntityCaller;
  actor: Actor | null;
  /** The caller's bearer credential and preview credential, handed to functions as the SDK does. */
  headers: Record<string, string>;
}

export interface AgentReplyDeps {
  llm: Llm;
  entities: EntitiesModule;
  conversations: AgentConversations;
  functions: () => FunctionsRuntime;
  logger: Logger;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const now = () => new Date().toISOString();

/**
 * The agent's answer to the last user message of a conversation: the model the server's AI layer
 * resolves (usage recorded for the app and the caller), the agent's instructions as system prompt,
 * its tool_configs as tools acting as the caller (entity rules apply; only the allowed operations;
 * the app's deployed functions). The answer is stored and pushed as it grows; at most
 * AGENT_MAX_STEPS steps and AGENT_REPLY_TIMEOUT_MS. Without a model: says so.
 */
export async function answerAsAgent(
  deps: AgentReplyDeps,
  agent: AgentDeclaration,
  conversation: AgentConversation,
  caller: AgentCaller,
  /** Aborted when the server shuts down (agent-answers.ts). */
  stopped?: AbortSignal,
): Promise<void> {
  const { owner } = caller;
  const started = now();
  const message: AgentMessage = {
    id: randomUUID(),
    role: 'assistant',
    content: '',
    created_date: started,
    updated_date: started,
    tool_calls: [],
  };
  await deps.conversations.append(owner, conversation.id, message);
  const save = () => {
    message.updated_date = now();
    return deps.conversations.replace(owner, conversation.id, message);
  };

  const resolved = await deps.llm.resolveModel();
  if (resolved.offline) {
    message.content = AGENT_MESSAGES.noModel;
    await save();
    return;
  }
  const timeout = AbortSignal.timeout(AGENT_REPLY_TIMEOUT_MS);
  const abort = stopped ? AbortSignal.any([timeout, stopped]) : timeout;
  let lastPush = 0;
  try {
    const stream = await deps.llm.streamText({
      purpose: 'app_integration',
      appId: owner.appId,
      userId: owner.userId,
      system: systemPrompt(agent),
      messages: historyOf(conversation),
      tools: toolsOf(deps, agent, caller),
      stopWhen: stepCountIs(AGENT_MAX_STEPS),
      abortSignal: abort,
    });
    message.model = stream.info.id;
    const calls = message.tool_calls!;
    for await (const part of stream.result.fullStream) {
      if (part.type === 'text-delta') {
        message.content = clip(message.content + part.text, AGENT_MAX_ANSWER_CHARS);
        if (Date.now() - lastPush < PUSH_EVERY_MS) continue;
      } else if (part.type === 'tool-call') {
        calls.push({
          id: part.toolCallId,
          name: part.toolName,
          arguments_string: clip(JSON.stringify(part.input ?? {}), AGENT_MAX_TOOL_RESULT_CHARS),
          status: 'running',
        });
      } else if (part.type === 'tool-result' || part.type === 'tool-error') {
        const call = calls.find((item) => item.id === part.toolCallId);
        if (call) {
          call.status = part.type === 'tool-result' ? 'success' : 'error';
          call.results = resultText(part.type === 'tool-result' ? part.output : errorText(part.error));
        }
      } else if (part.type === 'error') {
        throw part.error;
      } else continue;
      lastPush = Date.now();
      await save();
    }
    if (abort.aborted) throw abort.reason;
    // The last step still called tools: the step limit ended the answer.
    if ((await stream.result.finishReason) === 'tool-calls' && message.content === '') {
      message.content = AGENT_MESSAGES.stepLimit(AGENT_MAX_STEPS);
    }
    const usage = await stream.usage;
    if (usage)
      message.usage = { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens };
  } catch (error) {
    stopRunning(message.tool_calls!);
    const note = stopped?.aborted
      ? AGENT_MESSAGES.stopped
      : abort.aborted
        ? AGENT_MESSAGES.timedOut
        : AGENT_MESSAGES.failed;
    message.content = message.content ? `${message.content}\n\n${note}` : note;
    if (!abort.aborted) deps.logger.warn({ err: error }, 'agent answer failed');
  }
  await save();
}

function stopRunning(calls: AgentToolCall[]) {
  for (const call of calls) if (call.status === 'running') call.status = 'stopped';
}

function systemPrompt(agent: AgentDeclaration): string {
  const about = agent.description
    ? `You are the agent "${agent.name}": ${agent.description}`
    : `You are the agent "${agent.name}".`;
  return `${about}\n\n${agent.instructions}`.trim();
}

/** The conversation so far as model messages (text only; the last is the user's new one). */
function historyOf(conversation: AgentConversation): ModelMessage[] {
  return conversation.messages
    .filter((item) => item.content !== '' && (item.role === 'user' || item.role === 'assistant'))
    .slice(-HISTORY_MESSAGES)
    .map((item) => ({ role: item.role, content: item.content }));
}

const resultText = (value: unknown) =>
  clip(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), AGENT_MAX_TOOL_RESULT_CHARS);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const anyObject = { type: 'object', additionalProperties: true } as const;

/** The agent's tool_configs as AI SDK tools, each acting as the caller. */
function toolsOf(deps: AgentReplyDeps, agent: AgentDeclaration, caller: AgentCaller): ToolSet {
  const { entities } = deps;
  const base44 = createBase44Entities(entities);
  const appId = caller.owner.appId;
  const tools: ToolSet = {};
  const target = (entity: string) => entities.contexts.resolve(appId, entity, caller.entityCaller);
  const answer = async (entity: string, rows: Awaited<ReturnType<typeof base44.list>>['records']) =>
    resultText(await toBase44Records(entities.repo, appId, entity, rows));
  for (const config of agent.tools) {
    if (config.kind === 'entity') {
      const { entity } = config;
      const safe = entity.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
      for (const operation of config.operations) {
        if (operation === 'read') {
          tools[`read_${safe}`] = tool({
            description: `Reads ${entity} records the user may see. query: a Base44 filter ({ field: value }, $gt, $in…); sort: a field, "-field" for descending; limit: at most ${AGENT_MAX_READ}.`,
            inputSchema: jsonSchema<{ query?: Record<string, unknown>; sort?: string; limit?: number }>({
              type: 'object',
              properties: {
                query: anyObject,
                sort: { type: 'string' },
                limit: { type: 'number', minimum: 1, maximum: AGENT_MAX_READ },
              },
            }),
            execute: async ({ query, sort, limit }) => {
              const t = await target(entity);
              const { records } = await base44.list(t, {
                q: query,
                sort,
                limit: Math.min(Math.max(1, Math.floor(limit ?? 20)), AGENT_MAX_READ),
              });
              return answer(entity, records);
            },
          });
        } else if (operation === 'create') {
          tools[`create_${safe}`] = tool({
            description: `Creates one ${entity} record with the fields of data.`,
            inputSchema: jsonSchema<{ data: Record<string, unknown> }>({
              type: 'object',
              properties: { data: anyObject },
              required: ['data'],
            }),
            execute: async ({ data }) => {
              const t = await target(entity);
              return answer(entity, [await entities.service.create(t, writableFields(data))]);
            },
          });
        } else if (operation === 'update') {
          tools[`update_${safe}`] = tool({
            description: `Changes the fields of data in the ${entity} record with this id.`,
            inputSchema: jsonSchema<{ id: string; data: Record<string, unknown> }>({
              type: 'object',
              properties: { id: { type: 'string' }, data: anyObject },
              required: ['id', 'data'],
            }),
            execute: async ({ id, data }) => {
              const t = await target(entity);
              return answer(entity, [await entities.service.update(t, String(id), writableFields(data))]);
            },
          });
        } else {
          tools[`delete_${safe}`] = tool({
            description: `Deletes the ${entity} record with this id.`,
            inputSchema: jsonSchema<{ id: string }>({
              type: 'object',
              properties: { id: { type: 'string' } },
              required: ['id'],
            }),
            execute: async ({ id }) => {
              await entities.service.delete(await target(entity), String(id));
              return 'Deleted.';
            },
          });
        }
      }
    } else {
      const { name } = config;
      tools[name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64)] = tool({
        description: config.description || `Calls the app's backend function ${name} with a JSON body.`,
        inputSchema: jsonSchema<Record<string, unknown>>(anyObject),
        execute: (input) => callFunction(deps, caller, name, input),
      });
    }
  }
  return tools;
}

/** The app's deployed function, called as the caller (as `base44.functions.invoke` would). */
async function callFunction(
  deps: AgentReplyDeps,
  caller: AgentCaller,
  name: string,
  input: Record<string, unknown>,
): Promise<string> {
  const rt = deps.functions();
  const { appId } = caller.owner;
  const request = new Request(functionWebhookUrl(rt.origin(), appId, name), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...caller.headers },
    body: JSON.stringify(input ?? {}),
  });
  const response = await invokeFunction(rt, {
    appId,
    name,
    request,
    body: () => request.clone().arrayBuffer(),
    actor: caller.actor,
    trigger: 'sdk',
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`The function ${name} answered ${response.status}: ${clip(text, 500)}`);
  return resultText(text);
}

/** The caller's credentials a function's SDK calls act with (never the cookie). */
export function forwardedCredentials(headers: Headers): Record<string, string> {
  const forwarded: Record<string, string> = {};
  for (const key of ['authorization', PREVIEW_CREDENTIAL_HEADER]) {
    const value = headers.get(key);
    if (value) forwarded[key] = value;
  }
  return forwarded;
}
