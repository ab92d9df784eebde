import { CHAT_ACTIVATION_MESSAGES } from '@atelier/shared';

/**
 * The chat assistant toggle (spec 2 §4, §8): the screen flips at once; the server's answer either
 * confirms it (a success toast) or rolls it back to what it was (a failure toast).
 */
export type ChatStatus = 'active' | 'draft';

export interface ChatToggleOutcome {
  status: ChatStatus;
  toast: { kind: 'success' | 'error'; message: string };
}

/** The optimistic status shown while the call runs. */
export const optimisticStatus = (isActive: boolean): ChatStatus => (isActive ? 'active' : 'draft');

/** What the toggle shows once the call ends. */
export function settleChatToggle(previous: ChatStatus, isActive: boolean, ok: boolean): ChatToggleOutcome {
  if (ok) {
    return {
      status: optimisticStatus(isActive),
      toast: {
        kind: 'success',
        message: isActive ? CHAT_ACTIVATION_MESSAGES.activated : CHAT_ACTIVATION_MESSAGES.deactivated,
      },
    };
  }
  return {
    status: previous,
    toast: {
      kind: 'error',
      message: isActive ? CHAT_ACTIVATION_MESSAGES.activateFailed : CHAT_ACTIVATION_MESSAGES.deactivateFailed,
    },
  };
}
