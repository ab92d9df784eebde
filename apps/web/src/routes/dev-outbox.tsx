import { useQuery } from '@tanstack/react-query';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { authApi, queryKeys } from '../features/auth/api.ts';

/** `/dev/outbox`: mail kept instead of sent while no SMTP_URL is set (never in production). */
export function DevOutboxRoute() {
  const outbox = useQuery({
    queryKey: queryKeys.outbox(),
    queryFn: ({ signal }) => authApi.outbox(signal),
    refetchInterval: 3000,
    retry: false,
  });
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h1 className="font-semibold text-2xl tracking-tight">Dev outbox</h1>
          <p className="text-muted-foreground text-sm">
            E-mail this server kept instead of sending. Newest first.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void outbox.refetch()}>
          Refresh
        </Button>
      </div>
      {outbox.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : outbox.isError ? (
        <p className="text-sm">
          The dev outbox is off on this server (SMTP is configured, or it runs in production).
        </p>
      ) : outbox.data.messages.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No mail yet. Sign up or ask for a sign-in code, and it shows here.
        </p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Messages">
          {outbox.data.messages.map((message) => (
            <li key={message.id}>
              <Card>
                <CardHeader className="gap-1 pb-3">
                  <p className="font-medium text-sm">{message.subject}</p>
                  <p className="text-muted-foreground text-xs">
                    To {message.to} · {new Date(message.createdAt).toLocaleString()}
                  </p>
                </CardHeader>
                <CardContent>
                  <MailText text={message.text} />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The plain-text body with its links made clickable. */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre className="whitespace-pre-wrap break-all font-sans text-sm">
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <a key={index} href={part} className="text-primary underline underline-offset-2">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}
