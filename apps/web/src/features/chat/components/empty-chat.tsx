import { CHAT_MESSAGES, OFFLINE_CAPABILITIES, OFFLINE_MODEL_LABEL } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { Bot, MessageSquare } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { llmApi, llmKeys } from '../../llm/api.ts';

/**
 * The chat before its first message. Without a model provider the offline assistant answers: it
 * says so, and offers what it understands as suggestions that send their example when clicked
 * (issue 23 #27). With a provider (or while that is not known): the spec's empty state.
 */
export function EmptyChat({ onSend, busy }: { onSend: (text: string) => void; busy: boolean }) {
  const models = useQuery({
    queryKey: llmKeys.models(),
    queryFn: ({ signal }) => llmApi.models(signal),
    staleTime: 60_000,
  });
  if (models.data?.offline) {
    return (
      <section
        aria-labelledby="offline-assistant-title"
        className="flex flex-col gap-3 px-1 py-2 text-sm"
        data-testid="offline-intro"
      >
        <div className="flex items-center gap-2">
          <Bot aria-hidden="true" className="size-5 text-muted-foreground" />
          <h2 id="offline-assistant-title" className="font-semibold text-base">
            {OFFLINE_MODEL_LABEL}
          </h2>
        </div>
        <p className="text-muted-foreground">
          No AI model is connected, so the offline assistant answers here. It builds and changes apps from
          requests like these, and says what it assumed. Pick one to send it, or write your own.
        </p>
        <ul aria-label="Suggestions" className="flex flex-col gap-1.5">
          {OFFLINE_CAPABILITIES.map(({ label, example }) => (
            <li key={label}>
              <Button
                variant="outline"
                disabled={busy}
                className="h-auto w-full flex-col items-start gap-0.5 whitespace-normal px-3 py-2 text-left"
                onClick={() => onSend(example)}
              >
                <span className="font-medium">{label}</span>
                <span className="font-normal text-muted-foreground">{example}</span>
              </Button>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
      <MessageSquare aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="font-semibold text-base">{CHAT_MESSAGES.emptyTitle}</h2>
      <p className="text-muted-foreground">{CHAT_MESSAGES.emptyHint}</p>
    </div>
  );
}
