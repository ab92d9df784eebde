import {
  type AppPaidMemberships,
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_TEXTS,
  type PaymentProduct,
} from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { paymentsApi } from '../api.ts';

/** Product choice, Connect, the confirmation before changing a connected product, and Resync. */
export function ProductPicker({
  appId,
  products,
  connected,
  providerName,
  onConnected,
}: {
  appId: string;
  products: PaymentProduct[];
  connected: PaymentProduct | null;
  providerName: string;
  onConnected: (state: AppPaidMemberships) => void;
}) {
  const [productId, setProductId] = useState(connected?.id ?? products[0]?.id ?? '');
  const [confirming, setConfirming] = useState(false);
  const connect = useMutation({
    mutationFn: () => paymentsApi.connect(appId, productId),
    onSuccess: ({ message, ...state }) => {
      setConfirming(false);
      onConnected(state);
      toast.success(message);
    },
    onError: (error) => toast.error(errorMessage(error, MEMBERSHIP_MESSAGES.connectFailed(providerName))),
  });
  const resync = useMutation({
    mutationFn: () => paymentsApi.resync(appId),
    onSuccess: ({ message, ...state }) => {
      onConnected(state);
      toast.success(message);
    },
    onError: (error) => toast.error(errorMessage(error, MEMBERSHIP_MESSAGES.connectFailed(providerName))),
  });
  const changing = connected !== null && productId !== connected.id;

  return (
    <div className="grid gap-3">
      <label className="grid gap-1.5 text-sm">
        <span className="font-medium">{MEMBERSHIP_TEXTS.productLabel}</span>
        <select
          value={productId}
          onChange={(event) => {
            setProductId(event.target.value);
            setConfirming(false);
          }}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm"
        >
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </select>
      </label>
      {products.length === 0 && (
        <p className="text-muted-foreground text-sm">
          No products yet: add one in your payment provider, then Resync.
        </p>
      )}
      {confirming && (
        <p role="alert" className="text-sm">
          {MEMBERSHIP_MESSAGES.changeProductConfirm}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {(!connected || changing) && (
          <Button
            disabled={!productId || connect.isPending}
            onClick={() => (changing && !confirming ? setConfirming(true) : connect.mutate())}
          >
            {changing
              ? confirming
                ? MEMBERSHIP_TEXTS.confirmChange
                : MEMBERSHIP_TEXTS.changeProduct
              : MEMBERSHIP_TEXTS.connect}
          </Button>
        )}
        {connected && (
          <Button variant="outline" disabled={resync.isPending} onClick={() => resync.mutate()}>
            {MEMBERSHIP_TEXTS.resync}
          </Button>
        )}
      </div>
      {connected && !changing && (
        <p role="status" className="text-muted-foreground text-sm">
          Connected: {connected.name}
        </p>
      )}
    </div>
  );
}
