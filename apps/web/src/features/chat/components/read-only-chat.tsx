import { useCallback, useState } from 'react';
import { useAppChat } from '../hooks/use-app-chat.ts';
import type { ChatUIMessage } from '../types.ts';
import { ContextDialog } from './context-dialog.tsx';
import { MessageList } from './message-list.tsx';

/**
 * A chat to read, not to act on (spec 3 §6 "Rating is hidden when the view is read-only"): the
 * conversation with its context links and copy buttons, following a reply that is being written —
 * no message box, no rating, retry, revert, preview, "Let's keep going" or secrets entry. The
 * server refuses those actions to such a reader anyway (403).
 */
export function ReadOnlyChat({ appId, isAdmin }: { appId: string; isAdmin: boolean }) {
  const chat = useAppChat(appId);
  const [contextFor, setContextFor] = useState<ChatUIMessage | null>(null);
  const none = useCallback(() => undefined, []);
  return (
    <section
      aria-label="Chat"
      data-read-only="true"
      data-chat-status={chat.status}
      className="flex min-h-0 flex-1 flex-col"
    >
      <MessageList
        appId={appId}
        chat={chat}
        isAdmin={isAdmin}
        readOnly
        currentVersionId={null}
        previewVersionId={null}
        desktop={false}
        targetMessageId={null}
        onPreview={none}
        onRate={none}
        onContext={setContextFor}
        onRevert={none}
        onContinue={none}
        onEnterSecrets={none}
      />
      <ContextDialog
        appId={appId}
        message={contextFor}
        isAdmin={isAdmin}
        readOnly
        onClose={() => setContextFor(null)}
      />
    </section>
  );
}
