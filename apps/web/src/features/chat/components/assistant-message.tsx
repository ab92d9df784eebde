import { type ActionResult, CHAT_MESSAGES } from '@atelier/shared';
import { ArrowRight, Bot, Brain, Loader2, OctagonX } from 'lucide-react';
import { Markdown } from '../../../components/markdown/markdown.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useParsedReply } from '../hooks/use-parsed-reply.ts';
import {
  actionResultsOf,
  buildCheckOf,
  type ChatUIMessage,
  isDiscuss,
  isFailed,
  isStopped,
  reasoningOf,
  sourcesOf,
  textOf,
} from '../types.ts';
import { ActionCard } from './action-card.tsx';
import { BuildCheckNote } from './build-check-note.tsx';
import { FailureNote } from './failure-note.tsx';
import { ReplyFooter, type ReplyFooterProps } from './reply-footer.tsx';
import { ReplySources } from './reply-sources.tsx';

export interface AssistantMessageProps extends Omit<ReplyFooterProps, 'message'> {
  appId: string;
  message: ChatUIMessage;
  /** This reply is still streaming in. */
  streaming: boolean;
  /** The newest message: "Let's keep going" is offered only there. */
  isLast: boolean;
  busy: boolean;
  onContinue: () => void;
  onEnterSecrets: (secrets: NonNullable<ActionResult['secrets']>) => void;
}

/** An assistant reply: its prose, an action card per action, and the footer (preview, rating, context, usage). */
export function AssistantMessage(props: AssistantMessageProps) {
  const { message, streaming, isLast, busy, onContinue, onEnterSecrets } = props;
  const reply = useParsedReply(textOf(message), !streaming);
  const results = actionResultsOf(message);
  const failed = isFailed(message);
  const stopped = isStopped(message);
  const reasoning = reasoningOf(message);
  const text = textOf(message);
  const check = buildCheckOf(message);
  const lengthLimit = message.metadata?.lengthLimit === true;
  // A finished reply that changed nothing says so plainly (issue 21 §11): no version, no records, no
  // secrets request.
  const unchanged =
    !streaming &&
    !failed &&
    !stopped &&
    !isDiscuss(message) &&
    !message.metadata?.versionId &&
    !results.some(
      (r) => r.outcome === 'applied' && (r.type === 'insert_entity_records' || r.type === 'request_secrets'),
    );
  return (
    <div className="flex gap-2" data-role="assistant">
      <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-md bg-muted">
        <Bot aria-hidden="true" className="size-3.5" />
      </span>
      <div className="min-w-0 flex-1">
        {isDiscuss(message) ? <p className="mb-1 text-muted-foreground text-xs">Discuss mode</p> : null}
        {reasoning ? (
          <details className="mb-2 rounded-md border border-border text-sm" data-part="reasoning">
            <summary className="flex cursor-pointer items-center gap-1.5 px-2 py-1 text-muted-foreground">
              {streaming && !text ? (
                <Loader2 aria-hidden="true" className="size-3.5 motion-safe:animate-spin" />
              ) : (
                <Brain aria-hidden="true" className="size-3.5" />
              )}
              {CHAT_MESSAGES.thinkingPart}
            </summary>
            <Markdown text={reasoning} className="border-border border-t px-2 py-1.5 text-muted-foreground" />
          </details>
        ) : null}
        {reply.segments.map((segment, index) =>
          segment.kind === 'text' ? (
            segment.text.trim() ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
              <Markdown key={index} text={segment.text.trim()} />
            ) : null
          ) : (
            <ActionCard
              key={`action-${segment.action.index}`}
              action={segment.action}
              result={results.find((r) => r.index === segment.action.index)}
              onEnterSecrets={
                props.readOnly
                  ? undefined
                  : () => {
                      const secrets = results.find((r) => r.index === segment.action.index)?.secrets;
                      if (secrets) onEnterSecrets(secrets);
                    }
              }
            />
          ),
        )}
        {check ? <BuildCheckNote check={check} streaming={streaming} /> : null}
        <ReplySources sources={sourcesOf(message)} />
        {stopped ? (
          <p className="mt-2 inline-flex items-center gap-1.5 rounded-md bg-muted px-2 py-1 text-muted-foreground text-xs">
            <OctagonX aria-hidden="true" className="size-3.5" />
            {CHAT_MESSAGES.stopped}
          </p>
        ) : null}
        {(reply.truncated || lengthLimit) && !failed && !stopped ? (
          <div className="mt-2 flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/5 px-3 py-2">
            <p className="text-sm">
              {/* Cut inside an action, or (outside one) at the model's output limit: both say so. */}
              {reply.truncated
                ? CHAT_MESSAGES.truncated
                : `${CHAT_MESSAGES.lengthLimit} ${CHAT_MESSAGES.truncated}`}
            </p>
            {isLast && !props.readOnly ? (
              <Button size="sm" variant="outline" onClick={onContinue} disabled={busy}>
                {CHAT_MESSAGES.keepGoing}
                <ArrowRight aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ) : null}
        {unchanged ? (
          <p className="mt-2 text-muted-foreground text-sm" data-testid="nothing-changed">
            {reply.actions.length > 0 ? CHAT_MESSAGES.nothingApplied : CHAT_MESSAGES.nothingChanged}
          </p>
        ) : null}
        {failed ? <FailureNote appId={props.appId} message={message} isAdmin={props.isAdmin} /> : null}
        {streaming ? null : <ReplyFooter {...props} />}
      </div>
    </div>
  );
}
