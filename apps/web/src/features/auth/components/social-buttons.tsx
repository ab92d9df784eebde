import type { OAuthProviderInfo } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { authApi, queryKeys } from '../api.ts';

type PopupMessage =
  | { type: 'atelier:oauth'; ok: true }
  | { type: 'atelier:oauth'; ok: false; message: string };

/**
 * "Continue with …" for the providers the server has configured (none shown otherwise). Sign-in
 * happens in a popup; closing it is ignored silently (spec 1 §8).
 */
export function SocialButtons(props: { redirectTo: string | null; onSignedIn: () => void }) {
  const providers = useQuery({
    queryKey: queryKeys.providers(),
    queryFn: ({ signal }) => authApi.providers(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const cleanup = useRef<(() => void) | null>(null);
  const { onSignedIn } = props;
  useEffect(() => () => cleanup.current?.(), []);

  const open = (provider: OAuthProviderInfo) => {
    cleanup.current?.();
    const query = props.redirectTo ? `?${new URLSearchParams({ redirectTo: props.redirectTo })}` : '';
    const url = `/api/auth/oauth/${provider.id}/start${query}`;
    const popup = window.open(url, 'atelier-oauth', 'popup,width=520,height=680');
    if (!popup) {
      // Popup blocked: do the same in this tab; the callback page continues to redirectTo.
      window.location.assign(url);
      return;
    }
    const onMessage = (event: MessageEvent<PopupMessage>) => {
      if (event.origin !== window.location.origin || event.data?.type !== 'atelier:oauth') return;
      stop();
      if (event.data.ok) onSignedIn();
      else toast.error(event.data.message);
    };
    const timer = window.setInterval(() => {
      if (popup.closed) stop();
    }, 500);
    const stop = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
      cleanup.current = null;
    };
    window.addEventListener('message', onMessage);
    cleanup.current = stop;
  };

  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {list.map((provider) => (
        <Button key={provider.id} variant="outline" className="w-full" onClick={() => open(provider)}>
          Continue with {provider.name}
        </Button>
      ))}
      <div className="flex items-center gap-3 text-muted-foreground text-xs">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
