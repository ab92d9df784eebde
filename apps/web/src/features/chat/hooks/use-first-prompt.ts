import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AppChat } from './use-app-chat.ts';

/** What the home prompt box hands the builder (navigation state). */
export interface FirstPromptState {
  prompt?: unknown;
}

/** The prompt carried in the navigation state, if any. */
export function firstPromptOf(state: unknown): string | null {
  const prompt = (state as FirstPromptState | null)?.prompt;
  return typeof prompt === 'string' && prompt.trim() ? prompt.trim() : null;
}

/**
 * Sends the prompt the app was created from (home prompt box) as the first chat message, once:
 * only when the server's conversation is still empty, and the navigation state is cleared as it
 * is sent, so a reload (which keeps history state) never sends it again.
 */
export function useFirstPrompt(chat: AppChat): void {
  const location = useLocation();
  const navigate = useNavigate();
  const sent = useRef(false);
  const prompt = firstPromptOf(location.state);
  const empty = chat.historyState === 'ready' && chat.messages.length === 0 && !chat.busy;
  const { send } = chat;

  useEffect(() => {
    if (!prompt || sent.current) return;
    if (chat.historyState === 'error') return;
    if (chat.historyState !== 'ready') return;
    sent.current = true;
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
    if (empty) void send(prompt);
  }, [prompt, empty, chat.historyState, send, navigate, location.pathname, location.search, location.hash]);
}
