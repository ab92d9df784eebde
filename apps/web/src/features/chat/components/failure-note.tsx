import { CHAT_MESSAGES, LLM_ERROR_FIX_ON_MODELS_SCREEN, LLM_ERROR_HINTS } from '@atelier/shared';
import { Link } from 'react-router';
import { useAppUsage } from '../api.ts';
import type { ChatUIMessage } from '../types.ts';

/**
 * A failed reply (spec 3 §8): everyone reads the spec's sentence; admins also read what kind of
 * failure it was, what to do, and the provider's own reason (from the usage table).
 */
export function FailureNote({
  appId,
  message,
  isAdmin,
}: {
  appId: string;
  message: ChatUIMessage;
  isAdmin: boolean;
}) {
  const reason = message.metadata?.error?.reason;
  const usage = useAppUsage(appId, isAdmin && reason !== undefined);
  const detail = usage.data?.messages.find((row) => row.messageId === message.id)?.error;
  return (
    <div role="alert" className="mt-2 rounded-md bg-destructive/10 px-3 py-2 text-destructive text-sm">
      <p>{CHAT_MESSAGES.failedReply}</p>
      {isAdmin && reason ? (
        <div className="mt-1.5 border-destructive/20 border-t pt-1.5 text-xs" data-testid="admin-error">
          <p>
            {LLM_ERROR_HINTS[reason]}{' '}
            {LLM_ERROR_FIX_ON_MODELS_SCREEN.includes(reason) ? (
              <Link to="/admin/llm" className="underline">
                Open AI models
              </Link>
            ) : null}
          </p>
          {detail ? <p className="mt-1 break-words font-mono">{detail}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
