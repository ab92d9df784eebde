import { defineArea } from '../../platform/areas.ts';
import type { Logger } from '../../platform/logger.ts';
import { within } from '../../platform/within.ts';

/**
 * The agents' answers being written on this instance (agent-reply.ts): they run after addMessage
 * has answered, so a graceful shutdown waits for them like the chat's replies, then stops those
 * still running, which store what they have (their tool calls "stopped") before the database closes.
 */
export interface AgentAnswers {
  /** Runs one answer in the background; `signal` aborts it at shutdown. */
  run(answer: (signal: AbortSignal) => Promise<void>): void;
  stop(timeoutMs: number): Promise<void>;
}

export const agentAnswers = defineArea<AgentAnswers>('agent answers');

/** How long an answer stopped at shutdown gets to store what it has (as the chat's replies). */
const STOPPED_ANSWER_GRACE_MS = 5_000;

export function createAgentAnswers(logger: Logger): AgentAnswers {
  const running = new Map<Promise<void>, AbortController>();
  const settled = () => Promise.allSettled(running.keys());
  return {
    run(answer) {
      const controller = new AbortController();
      const done: Promise<void> = answer(controller.signal)
        .catch((error: unknown) => logger.warn({ err: error }, 'agent answer not stored'))
        .finally(() => running.delete(done));
      running.set(done, controller);
    },
    async stop(timeoutMs) {
      if (running.size === 0 || (await within(settled(), timeoutMs))) return;
      logger.warn({ answers: running.size }, 'shutdown: stopping the agent answers still running');
      for (const controller of running.values()) controller.abort(new Error('The server is shutting down'));
      await within(settled(), STOPPED_ANSWER_GRACE_MS);
    },
  };
}
