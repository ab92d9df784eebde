import { CHAT_MESSAGES, parseActionReply } from '@atelier/shared';
import { Eye, FileStack, ShieldCheck, Star } from 'lucide-react';
import { useState } from 'react';
import { CopyButton } from '../../../components/markdown/copy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { type ChatUIMessage, textOf } from '../types.ts';
import { UsageDetails, usageSummaryText } from './usage-details.tsx';

export interface ReplyFooterProps {
  message: ChatUIMessage;
  isAdmin: boolean;
  /** The app's current (latest) version: Preview is hidden for it. */
  currentVersionId: string | null;
  previewVersionId: string | null;
  /** Desktop (≥ 1024 px): Preview is offered there only. */
  desktop: boolean;
  /**
   * A chat someone reads without acting on it (spec 3 §6: "Rating is hidden when the view is
   * read-only"): no rating, no Preview (the view has no preview) and no Validate.
   */
  readOnly?: boolean;
  onPreview: (versionId: string | null) => void;
  onRate: (message: ChatUIMessage) => void;
  onContext: (message: ChatUIMessage) => void;
  /** Admins: the validation and repair tester on this reply's version (spec 3 §6, §7). */
  onValidate?: (message: ChatUIMessage) => void;
}

/** Under a reply: Preview / Previewing, rating, the context link, tokens and cost, and (admins) the version id. */
export function ReplyFooter({
  message,
  isAdmin,
  currentVersionId,
  previewVersionId,
  desktop,
  readOnly,
  onPreview,
  onRate,
  onContext,
  onValidate,
}: ReplyFooterProps) {
  const [showUsage, setShowUsage] = useState(false);
  const meta = message.metadata;
  const versionId = meta?.versionId ?? null;
  const previewing = versionId !== null && previewVersionId === versionId;
  // Tokens and cost per reply are for admins (spec 3 §6).
  const usage = isAdmin ? meta?.usage : undefined;
  return (
    <div className="mt-1.5 flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-1 text-muted-foreground">
        <CopyButton
          label={CHAT_MESSAGES.copyMessage}
          text={() => parseActionReply(textOf(message)).text.trim()}
        />
        {versionId && desktop && !readOnly && (versionId !== currentVersionId || previewing) ? (
          <Button
            size="sm"
            variant={previewing ? 'secondary' : 'ghost'}
            className="h-7 px-2"
            aria-pressed={previewing}
            onClick={() => onPreview(previewing ? null : versionId)}
          >
            <Eye aria-hidden="true" />
            {previewing ? CHAT_MESSAGES.previewing : CHAT_MESSAGES.preview}
          </Button>
        ) : null}
        {readOnly ? null : meta?.rating ? (
          <Button size="sm" variant="ghost" className="h-7 px-2" disabled>
            <Star aria-hidden="true" />
            {CHAT_MESSAGES.alreadyRated}
          </Button>
        ) : (
          <Button size="sm" variant="ghost" className="h-7 px-2" onClick={() => onRate(message)}>
            <Star aria-hidden="true" />
            Rate
          </Button>
        )}
        {meta?.contextMetadata || meta?.contextFiles ? (
          <Button size="sm" variant="ghost" className="h-7 px-2" onClick={() => onContext(message)}>
            <FileStack aria-hidden="true" />
            Context
            {isAdmin && meta.contextFiles ? ` (${meta.contextFiles.length})` : ''}
          </Button>
        ) : null}
        {isAdmin && versionId && onValidate && !readOnly ? (
          <Button size="sm" variant="ghost" className="h-7 px-2" onClick={() => onValidate(message)}>
            <ShieldCheck aria-hidden="true" />
            Validate
          </Button>
        ) : null}
        {usage ? (
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2 tabular-nums"
            aria-expanded={showUsage}
            onClick={() => setShowUsage((v) => !v)}
          >
            {usageSummaryText(usage)}
          </Button>
        ) : null}
      </div>
      {showUsage && usage ? <UsageDetails usage={usage} /> : null}
      {isAdmin && versionId ? (
        <p className="font-mono text-muted-foreground text-xs" title="Version id">
          Version {versionId}
        </p>
      ) : null}
    </div>
  );
}
