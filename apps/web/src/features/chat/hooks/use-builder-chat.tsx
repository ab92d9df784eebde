import { CHAT_MESSAGES, DESKTOP_BREAKPOINT_PX, type PreviewTokenResponse } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { answer, api } from '../../../lib/api.ts';
import { queryKeys as appKeys } from '../../apps/api.ts';
import { useSession } from '../../auth/hooks/use-session.ts';
import { ChatPanel } from '../components/chat-panel.tsx';
import type { ChatUIMessage } from '../types.ts';
import { useAppChat } from './use-app-chat.ts';
import { useFirstPrompt } from './use-first-prompt.ts';

/** How long the preview waits after a file action closed before it loads the reply's draft (more may follow). */
export const DRAFT_PREVIEW_DELAY_MS = 400;

/**
 * The running reply's newest draft (issue 21 §8), debounced: the preview shows the files applied so
 * far. It goes when the app's current version changes (the reply's version) or a reply ends without one.
 */
function useReplyDraft(chat: ReturnType<typeof useAppChat>, currentVersionId: string | null) {
  const [draftVersionId, setDraftVersionId] = useState<string | null>(null);
  const { onDraft, onReplyFinished } = chat;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offDraft = onDraft((id) => {
      clearTimeout(timer);
      timer = setTimeout(() => setDraftVersionId(id), DRAFT_PREVIEW_DELAY_MS);
    });
    const offFinish = onReplyFinished((message) => {
      clearTimeout(timer);
      if (!message.metadata?.versionId) setDraftVersionId(null);
    });
    return () => {
      clearTimeout(timer);
      offDraft();
      offFinish();
    };
  }, [onDraft, onReplyFinished]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the current version only
  useEffect(() => setDraftVersionId(null), [currentVersionId]);
  return draftVersionId;
}

function useDesktop(): boolean {
  const query = `(min-width: ${DESKTOP_BREAKPOINT_PX}px)`;
  const [desktop, setDesktop] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setDesktop(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [query]);
  return desktop;
}

/**
 * The chat as the builder page uses it: the panel for the side slot, a toggle for the top bar, the
 * version the preview shows (a message's "Preview", else the running reply's draft), and the send
 * function of "Resolve with AI".
 */
export function useBuilderChat(appId: string, currentVersionId: string | null) {
  const chat = useAppChat(appId);
  useFirstPrompt(chat);
  const draftVersionId = useReplyDraft(chat, currentVersionId);
  const session = useSession();
  const client = useQueryClient();
  const desktop = useDesktop();
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(true);
  const [previewVersionId, setPreviewVersionId] = useState<string | null>(null);
  const targetMessageId = searchParams.get('messageId');
  const previewTarget = searchParams.get('preview') === 'true';

  // A new current version ends any preview of an older one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the current version only
  useEffect(() => setPreviewVersionId(null), [currentVersionId]);

  const preview = useCallback(
    async (versionId: string | null, from: 'message' | 'list') => {
      if (versionId === null) {
        setPreviewVersionId(null);
        return;
      }
      try {
        // The same query the preview panel reads: it finds the link already there.
        await client.fetchQuery({
          queryKey: [...appKeys.previewLink(appId, versionId), currentVersionId],
          queryFn: () =>
            answer<PreviewTokenResponse>(
              api.POST('/apps/{appId}/preview-token', {
                params: { path: { appId } },
                body: { versionId, parentOrigin: window.location.origin },
              }),
            ),
          staleTime: Number.POSITIVE_INFINITY,
        });
        setPreviewVersionId(versionId);
      } catch {
        toast.error(from === 'message' ? CHAT_MESSAGES.previewFailedForMessage : CHAT_MESSAGES.previewFailed);
      }
    },
    [appId, client, currentVersionId],
  );

  const onTargetFound = useCallback(
    (message: ChatUIMessage) => {
      if (!previewTarget) return;
      const versionId = message.metadata?.versionId;
      if (!versionId) toast.error(CHAT_MESSAGES.noVersionForPreview);
      else void preview(versionId, 'message');
    },
    [previewTarget, preview],
  );

  /** "Resolve with AI": sends the error report; resolves when the reply has finished. */
  const resolveWithAi = useCallback(
    (message: string) => {
      setOpen(true);
      return chat.send(message, { systemActionType: 'autofix' });
    },
    [chat.send],
  );

  const panel: ReactNode = open ? (
    <ChatPanel
      appId={appId}
      chat={chat}
      isAdmin={session.data?.user.isAdmin === true}
      currentVersionId={currentVersionId}
      previewVersionId={previewVersionId}
      desktop={desktop}
      targetMessageId={targetMessageId}
      onTargetFound={onTargetFound}
      onPreview={(id, from) => void preview(id, from)}
      onClose={() => setOpen(false)}
    />
  ) : undefined;

  const toggle: ReactNode = open ? null : (
    <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
      <MessageSquare aria-hidden="true" />
      Chat
    </Button>
  );

  return { chat, panel, toggle, previewVersionId, draftVersionId, resolveWithAi };
}
