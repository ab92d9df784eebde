import type { ReactNode } from 'react';
import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../../lib/constants.ts';
import { useTheme } from '../../lib/theme.tsx';

/**
 * The single toast region of the app. Spec 3 §9: toasts show one at a time (TOAST_LIMIT) with a
 * removal delay of TOAST_REMOVE_DELAY_MS, so a toast stays until it is closed or replaced.
 */
export function Toaster() {
  const { theme } = useTheme();
  return (
    <SonnerToaster
      theme={theme}
      position="bottom-right"
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_REMOVE_DELAY_MS}
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{
        classNames: {
          toast:
            '!rounded-lg !border-border !bg-popover !text-popover-foreground !font-sans !text-sm !shadow-none',
          description: '!text-muted-foreground',
          closeButton: '!border-border !bg-popover !text-muted-foreground',
        },
      }}
    />
  );
}

interface ToastOptions {
  description?: ReactNode;
}

type ToastKind = 'success' | 'error' | 'info';

/**
 * Every toast uses the same id, so a new toast replaces the one on screen instead of queueing
 * behind it: at most TOAST_LIMIT (one) toast exists at any time.
 */
const SINGLE_TOAST_ID = 'atelier-toast';

function show(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): string | number {
  return sonner[kind](message, { id: SINGLE_TOAST_ID, description: options.description });
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  dismiss: () => sonner.dismiss(SINGLE_TOAST_ID),
};
