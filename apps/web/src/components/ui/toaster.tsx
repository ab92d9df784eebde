import type { ReactNode } from 'react';
import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
import { TOAST_LIMIT, TOAST_SUCCESS_MS, type ToastKind, toastDuration } from '../../lib/constants.ts';
import { useTheme } from '../../lib/theme.tsx';

/**
 * The single toast region of the app. Spec 3 §9: toasts show one at a time (TOAST_LIMIT); how long
 * each kind stays is `toastDuration` (lib/constants.ts explains the spec's removal delay).
 */
export function Toaster() {
  const { theme } = useTheme();
  return (
    <SonnerToaster
      theme={theme}
      position="bottom-right"
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_SUCCESS_MS}
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
  /** Milliseconds on screen, instead of the kind's own time. */
  duration?: number;
}

/**
 * Every toast uses the same id, so a new toast replaces the one on screen instead of queueing
 * behind it: at most TOAST_LIMIT (one) toast exists at any time.
 */
const SINGLE_TOAST_ID = 'atelier-toast';

function show(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): string | number {
  return sonner[kind](message, {
    id: SINGLE_TOAST_ID,
    description: options.description,
    duration: options.duration ?? toastDuration(kind),
  });
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  /** A copy confirmation ("… copied"): 2 s. */
  copied: (message: ReactNode) => show('success', message, { duration: toastDuration('copied') }),
  dismiss: () => sonner.dismiss(SINGLE_TOAST_ID),
};
