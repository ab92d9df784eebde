import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { OFFLINE_MODEL_ID } from '@atelier/shared';
import { parseAppFiles, TOOL_RUN_MARKER } from '../../platform/llm/prompts/index.ts';
import { planReply, renderReply } from './planner.ts';
import { parseRequest } from './requests.ts';
import { offlineToolResult } from './tool-result.ts';

/**
 * The offline assistant as an AI SDK model (LanguageModelV3), so the rest of the system cannot tell
 * it from a provider. It reads the app's files from the system prompt (`renderAppFiles` in
 * prompts/index.ts) and answers the builder's last message in the action-tag protocol; a system
 * prompt with the tool-run marker (`toolRunSystemPrompt`) gets a tool result from its passages.
 * Answers are deterministic and streamed in chunks.
 */
export interface OfflineModelOptions {
  /** Characters per streamed text delta. */
  chunkSize?: number;
}

export const OFFLINE_PROVIDER = 'offline';

function textOf(prompt: LanguageModelV3Prompt) {
  const system = prompt
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n\n');
  const lastUser = [...prompt].reverse().find((message) => message.role === 'user');
  const user =
    lastUser?.role === 'user'
      ? lastUser.content
          .filter((part) => part.type === 'text')
          .map((part) => part.text)
          .join('\n')
      : '';
  return { system, user };
}

/** The offline assistant's complete answer to a prompt. */
export function offlineAnswer(prompt: LanguageModelV3Prompt): string {
  const { system, user } = textOf(prompt);
  if (system.includes(TOOL_RUN_MARKER)) {
    const title = /<atelier-tool-run title="([^"]*)"/
      .exec(system)?.[1]
      ?.replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    return offlineToolResult({ title, request: user, system });
  }
  const appName = /You change the app "([^"\n]+)" that the builder/.exec(system)?.[1];
  return renderReply(planReply(parseRequest(user), parseAppFiles(system), appName));
}

const estimateTokens = (chars: number) => Math.ceil(chars / 4);

function usageOf(prompt: LanguageModelV3Prompt, answer: string): LanguageModelV3Usage {
  const input = estimateTokens(JSON.stringify(prompt).length);
  const output = estimateTokens(answer.length);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function createOfflineModel(options: OfflineModelOptions = {}): LanguageModelV3 {
  const chunkSize = options.chunkSize ?? 48;
  return {
    specificationVersion: 'v3',
    provider: OFFLINE_PROVIDER,
    modelId: OFFLINE_MODEL_ID,
    supportedUrls: {},

    async doGenerate(call: LanguageModelV3CallOptions) {
      if (call.abortSignal?.aborted) throw abortError(call.abortSignal);
      const text = offlineAnswer(call.prompt);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageOf(call.prompt, text),
        warnings: [],
        response: { id: 'offline', modelId: OFFLINE_MODEL_ID, timestamp: new Date() },
      };
    },

    async doStream(call: LanguageModelV3CallOptions) {
      const text = offlineAnswer(call.prompt);
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', id: 'offline', modelId: OFFLINE_MODEL_ID, timestamp: new Date() },
        { type: 'text-start', id: 'text-0' },
      ];
      for (let at = 0; at < text.length; at += chunkSize) {
        parts.push({ type: 'text-delta', id: 'text-0', delta: text.slice(at, at + chunkSize) });
      }
      parts.push(
        { type: 'text-end', id: 'text-0' },
        { type: 'finish', usage: usageOf(call.prompt, text), finishReason: { unified: 'stop', raw: 'stop' } },
      );
      let index = 0;
      const signal = call.abortSignal;
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          async pull(controller) {
            if (signal?.aborted) {
              controller.error(abortError(signal));
              return;
            }
            // Let other work run between chunks, like a network stream would.
            if (index > 3) await new Promise((resolve) => setImmediate(resolve));
            const part = parts[index++];
            if (part) controller.enqueue(part);
            if (index >= parts.length) controller.close();
          },
        }),
      };
    },
  };
}
