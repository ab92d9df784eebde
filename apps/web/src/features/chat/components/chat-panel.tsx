import { type ActionResult, type AppVersion, CHAT_MESSAGES } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { PanelLeftClose } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../apps/api.ts';
import {
  type TesterSource,
  ValidationTesterDialog,
} from '../../code-editor/components/validation-tester-dialog.tsx';
import { chatApi } from '../api.ts';
import type { AppChat } from '../hooks/use-app-chat.ts';
import { removedByRevert } from '../message-logic.ts';
import { actionResultsOf, type ChatUIMessage, textOf } from '../types.ts';
import { ChatInput } from './chat-input.tsx';
import { ContextDialog } from './context-dialog.tsx';
import { MessageList } from './message-list.tsx';
import { RatingDialog } from './rating-dialog.tsx';
import { RevertDialog, type RevertRequest } from './revert-dialog.tsx';
import { SecretsRequestDialog } from './secrets-request-dialog.tsx';
import { UsageCard } from './usage-card.tsx';
import { VersionMenu } from './version-menu.tsx';

export interface ChatPanelProps {
  appId: string;
  chat: AppChat;
  isAdmin: boolean;
  currentVersionId: string | null;
  previewVersionId: string | null;
  desktop: boolean;
  targetMessageId: string | null;
  onTargetFound?: (message: ChatUIMessage) => void;
  onPreview: (versionId: string | null, from: 'message' | 'list') => void;
  onClose?: () => void;
}

/** The builder chat (spec 3): the conversation, the message box and their dialogs. */
export function ChatPanel(props: ChatPanelProps) {
  const { appId, chat, isAdmin } = props;
  const [ratingFor, setRatingFor] = useState<string | null>(null);
  const [contextFor, setContextFor] = useState<ChatUIMessage | null>(null);
  const [revert, setRevert] = useState<RevertRequest | null>(null);
  const [secrets, setSecrets] = useState<NonNullable<ActionResult['secrets']> | null>(null);
  const [validating, setValidating] = useState<TesterSource | null>(null);
  const queryClient = useQueryClient();

  // A reply that asks for secrets opens the secrets dialog once it has finished (not when read from history).
  const { onReplyFinished } = chat;
  useEffect(
    () =>
      onReplyFinished((message) => {
        const requested = actionResultsOf(message).find((r) => r.outcome === 'applied' && r.secrets?.length);
        if (requested?.secrets) setSecrets(requested.secrets);
      }),
    [onReplyFinished],
  );

  const restore = useCallback(
    async (versionId: string, messageId: string) => {
      try {
        const answer = await chatApi.restore(appId, versionId, messageId);
        chat.replaceMessages(answer.messages, answer.hasMore);
      } catch (error) {
        const missingVersion =
          error instanceof ApiError && error.status === 404 && /version/i.test(error.message);
        toast.error(missingVersion ? CHAT_MESSAGES.noPreviousVersion : CHAT_MESSAGES.restoreFailed);
      }
    },
    [appId, chat],
  );

  const onRevert = (message: ChatUIMessage) => {
    const index = chat.messages.findIndex((m) => m.id === message.id);
    const versionId = message.metadata?.versionId;
    if (!versionId) {
      toast.error(CHAT_MESSAGES.noPreviousVersion);
      return;
    }
    const info = message.metadata?.systemActionInfo;
    if (info?.type === 'restore' && info.revertedFromMessageId) {
      setRevert({
        kind: 'undo',
        removedCount: chat.messages.length - index - 1,
        run: async () => {
          try {
            const answer = await chatApi.undoRestore(appId, versionId, message.id);
            if (answer.error) toast.error(CHAT_MESSAGES.undoRestoreFailed, { description: answer.error });
            else chat.replaceMessages(answer.messages, answer.hasMore);
          } catch (error) {
            toast.error(CHAT_MESSAGES.undoRestoreFailed, {
              description: error instanceof ApiError ? error.message : undefined,
            });
          }
        },
      });
      return;
    }
    setRevert({
      kind: 'revert',
      removedCount: removedByRevert(chat.messages, index),
      run: () => restore(versionId, message.id),
    });
  };

  const onRestoreVersion = (version: AppVersion) => {
    if (!version.messageId) {
      toast.error(CHAT_MESSAGES.noMessageIdForVersion);
      return;
    }
    const messageId = version.messageId;
    const index = chat.messages.findIndex((m) => m.id === messageId);
    setRevert({
      kind: 'revert',
      removedCount: index < 0 ? 0 : removedByRevert(chat.messages, index),
      run: () => restore(version.id, messageId),
    });
  };

  return (
    <section aria-label="Chat" data-chat-status={chat.status} className="flex min-h-0 flex-1 flex-col">
      <div className="flex h-10 shrink-0 items-center gap-1 border-border border-b px-3">
        <h2 className="font-medium text-sm">Chat</h2>
        <div className="ml-auto flex items-center gap-1">
          <VersionMenu
            appId={appId}
            previewVersionId={props.previewVersionId}
            onPreview={(id) => props.onPreview(id, 'list')}
            onRestore={onRestoreVersion}
          />
          {props.onClose ? (
            <Button size="icon-sm" variant="ghost" aria-label="Hide chat" onClick={props.onClose}>
              <PanelLeftClose aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </div>
      <MessageList
        appId={appId}
        chat={chat}
        isAdmin={isAdmin}
        currentVersionId={props.currentVersionId}
        previewVersionId={props.previewVersionId}
        desktop={props.desktop}
        targetMessageId={props.targetMessageId}
        onTargetFound={props.onTargetFound}
        onPreview={(id) => props.onPreview(id, 'message')}
        onRate={(m) => setRatingFor(m.id)}
        onContext={setContextFor}
        onValidate={(message) => {
          const versionId = message.metadata?.versionId;
          if (versionId) setValidating({ messageId: message.id, messageContent: textOf(message), versionId });
        }}
        onRevert={onRevert}
        onContinue={() => void chat.send(CHAT_MESSAGES.continuePrompt)}
        onEnterSecrets={setSecrets}
      />
      <ChatInput
        appId={appId}
        busy={chat.busy}
        onSend={(text, options) => void chat.send(text, options)}
        onStop={() => void chat.stop()}
        stopping={chat.stopping}
      />
      {isAdmin ? <UsageCard appId={appId} /> : null}
      <RatingDialog
        appId={appId}
        messageId={ratingFor}
        onClose={() => setRatingFor(null)}
        onRated={chat.setRating}
      />
      <ContextDialog
        appId={appId}
        message={contextFor}
        isAdmin={isAdmin}
        onClose={() => setContextFor(null)}
      />
      {isAdmin && validating ? (
        <ValidationTesterDialog
          appId={appId}
          open
          source={validating}
          onOpenChange={(open) => (open ? undefined : setValidating(null))}
          onNewVersion={() => void queryClient.invalidateQueries({ queryKey: queryKeys.app(appId) })}
        />
      ) : null}
      <RevertDialog request={revert} onClose={() => setRevert(null)} />
      <SecretsRequestDialog appId={appId} secrets={secrets} onClose={() => setSecrets(null)} />
    </section>
  );
}
