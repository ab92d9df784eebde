import { BILLING_MESSAGES, BILLING_TEXTS, formatMoney } from '@atelier/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { toast } from '../components/ui/toaster.tsx';
import { errorMessage } from '../features/auth/error-message.ts';
import { planKeys, plansApi } from '../features/plans/api.ts';

const PERIOD = { month: 'per month', year: 'per year', once: 'one-time' } as const;

/** `/billing/test-checkout/{saleId}`: the built-in test-mode provider's checkout page with a Pay button. */
export function BillingTestCheckoutRoute() {
  const { saleId = '' } = useParams();
  const sale = useQuery({
    queryKey: planKeys.testSale(saleId),
    queryFn: ({ signal }) => plansApi.testSale(saleId, signal),
    retry: false,
  });
  const pay = useMutation({
    mutationFn: () => plansApi.payTestSale(saleId),
    onSuccess: ({ successUrl }) => window.location.assign(successUrl),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-12">
      {sale.isPending && <Skeleton className="h-56 w-full" />}
      {sale.isError && (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(sale.error, BILLING_MESSAGES.saleNotFound)}
        </p>
      )}
      {sale.data && (
        <Card>
          <CardHeader>
            <CardTitle className="text-xl">{BILLING_TEXTS.testCheckoutTitle}</CardTitle>
            <CardDescription>{BILLING_TEXTS.testCheckoutNotice}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-1">
            <p className="font-medium">{sale.data.itemName}</p>
            <p className="text-muted-foreground text-sm">
              {formatMoney(sale.data.amount, sale.data.currency)} {PERIOD[sale.data.interval]}
            </p>
            {sale.data.status !== 'pending' && (
              <p role="status" className="pt-2 text-sm">
                {sale.data.status === 'completed'
                  ? 'This payment is complete.'
                  : BILLING_MESSAGES.saleNotPending}
              </p>
            )}
          </CardContent>
          <CardFooter className="flex gap-2">
            {sale.data.status === 'pending' ? (
              <>
                <Button className="flex-1" disabled={pay.isPending} onClick={() => pay.mutate()}>
                  {BILLING_TEXTS.pay(formatMoney(sale.data.amount, sale.data.currency))}
                </Button>
                <Button variant="outline" asChild>
                  <a href={sale.data.cancelUrl}>{BILLING_TEXTS.cancelCheckout}</a>
                </Button>
              </>
            ) : (
              <Button asChild>
                <a href={sale.data.status === 'completed' ? sale.data.successUrl : sale.data.cancelUrl}>
                  Continue
                </a>
              </Button>
            )}
          </CardFooter>
        </Card>
      )}
    </div>
  );
}
