import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';

/** `/error/unauthorized?paymentId=`: account creation kept answering 401 (spec 1 §4). */
export function ErrorUnauthorizedRoute() {
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  return (
    <AuthCard title="We could not set up your account">
      <p className="text-sm">
        Your sign-in was not accepted, so you have been signed out. Log in again; if it keeps happening,
        contact us.
      </p>
      {paymentId ? (
        <p className="text-sm">
          Your payment reference: <span className="font-medium font-mono">{paymentId}</span>
        </p>
      ) : null}
      <Button asChild>
        <Link to="/login">Log in again</Link>
      </Button>
    </AuthCard>
  );
}
