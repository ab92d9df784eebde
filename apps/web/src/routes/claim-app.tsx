import { CLAIM_MESSAGES } from '@atelier/shared';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Label } from '../components/ui/label.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { toast } from '../components/ui/toaster.tsx';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { useClaimApp, useClaimInfo } from '../features/builder/settings-api.ts';

/**
 * `/claim/app/{appId}`: the invite link of a claimable app (spec 2 §1). Signed-out visitors go to
 * sign in (or sign up) and come back; the customer enters the claim code and becomes the owner.
 */
export function ClaimAppRoute() {
  const { appId = '' } = useParams();
  const session = useRequireSession();
  const signedIn = Boolean(session.data);
  const info = useClaimInfo(appId, signedIn);
  const claim = useClaimApp(appId);
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(CLAIM_MESSAGES.codeRequired);
    setError(null);
    claim.mutate(code.trim(), {
      onSuccess: () => {
        toast.success(CLAIM_MESSAGES.claimed);
        navigate(`/build/app/${encodeURIComponent(appId)}`);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  let body: React.ReactNode;
  if (!signedIn || info.isPending) {
    body = <Skeleton className="h-32" />;
  } else if (info.isError) {
    body = (
      <div className="flex flex-col gap-3">
        <p role="alert">{info.error.message}</p>
        <Button asChild variant="outline">
          <Link to="/home">Go to your apps</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p>
          You are invited to claim <strong>{info.data.appName}</strong>. Once claimed, the app is yours.
        </p>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={codeId}>Claim code</Label>
          <Input
            id={codeId}
            value={code}
            autoComplete="off"
            aria-invalid={error !== null}
            onChange={(event) => setCode(event.target.value)}
          />
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" disabled={claim.isPending}>
          Claim app
        </Button>
      </form>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-16">
      <h1 className="font-semibold text-xl">Claim an app</h1>
      {body}
    </div>
  );
}
