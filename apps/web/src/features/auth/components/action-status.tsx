import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { AuthCard } from './auth-card.tsx';

export type ActionState =
  | { status: 'working' }
  | { status: 'done'; message: string }
  | { status: 'failed'; message: string };

/** Runs an e-mailed action once (the codes are single-use, so never twice, not even in StrictMode). */
export function useActionOnce(run: () => Promise<string>, failure: (error: unknown) => string): ActionState {
  const [state, setState] = useState<ActionState>({ status: 'working' });
  const started = useRef(false);
  const runRef = useRef(run);
  const failureRef = useRef(failure);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    runRef
      .current()
      .then((message) => setState({ status: 'done', message }))
      .catch((error: unknown) => setState({ status: 'failed', message: failureRef.current(error) }));
  }, []);
  return state;
}

/** The outcome of an e-mailed link, in words, with the way onward. */
export function ActionResult(props: {
  state: ActionState;
  workingTitle: string;
  next: { to: string; label: string };
  retry?: { to: string; label: string };
}) {
  const { state } = props;
  if (state.status === 'working') {
    return (
      <AuthCard title={props.workingTitle}>
        <p className="text-muted-foreground text-sm" aria-live="polite">
          One moment…
        </p>
      </AuthCard>
    );
  }
  const ok = state.status === 'done';
  const onward = ok ? props.next : (props.retry ?? { to: '/login', label: 'Go to log in' });
  return (
    <AuthCard title={ok ? 'All set' : 'Something is wrong with this link'}>
      <p role={ok ? 'status' : 'alert'} className={ok ? 'text-sm' : 'text-destructive text-sm'}>
        {state.message}
      </p>
      <Button asChild>
        <Link to={onward.to}>{onward.label}</Link>
      </Button>
    </AuthCard>
  );
}
