import { createContext, type HTMLAttributes, type ReactNode, useContext, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn.ts';

interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
}
const DialogContext = createContext<DialogState | null>(null);

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

/** A modal dialog; controlled (`open` + `onOpenChange`) or driven by `<DialogTrigger>`. */
export function Dialog({ open, onOpenChange, children }: DialogProps) {
  const [innerOpen, setInnerOpen] = useState(false);
  const state: DialogState = {
    open: open ?? innerOpen,
    setOpen: (next) => {
      setInnerOpen(next);
      onOpenChange?.(next);
    },
  };
  return <DialogContext.Provider value={state}>{children}</DialogContext.Provider>;
}

function useDialog(): DialogState {
  const state = useContext(DialogContext);
  if (!state) throw new Error('Dialog parts must be inside <Dialog>');
  return state;
}

export function DialogTrigger({ children }: { children: ReactNode }) {
  const { setOpen } = useDialog();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the trigger is the child (a button); clicks bubble to this wrapper.
    <span className="contents" onClick={() => setOpen(true)} onKeyDown={undefined}>
      {children}
    </span>
  );
}

export function DialogContent({ className, children, ...props }: HTMLAttributes<HTMLDivElement>) {
  const { open, setOpen } = useDialog();
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, setOpen]);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-black/40" aria-hidden="true" onClick={() => setOpen(false)} />
      <div
        role="dialog"
        aria-modal="true"
        className={cn(
          'relative z-10 w-full max-w-lg rounded-xl border border-border bg-card p-6 text-foreground shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

export const DialogHeader = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('mb-4 flex flex-col gap-1.5', className)} {...props} />
);
export const DialogTitle = ({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) => (
  <h2 className={cn('text-lg font-semibold', className)} {...props} />
);
export const DialogDescription = ({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) => (
  <p className={cn('text-sm text-muted-foreground', className)} {...props} />
);
export const DialogFooter = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('mt-6 flex justify-end gap-2', className)} {...props} />
);

interface TabsState {
  value: string;
  setValue: (value: string) => void;
}
const TabsContext = createContext<TabsState | null>(null);

export interface TabsProps {
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: ReactNode;
}

export function Tabs({ defaultValue = '', value, onValueChange, className, children }: TabsProps) {
  const [inner, setInner] = useState(defaultValue);
  const state: TabsState = {
    value: value ?? inner,
    setValue: (next) => {
      setInner(next);
      onValueChange?.(next);
    },
  };
  return (
    <TabsContext.Provider value={state}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

export const TabsList = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div role="tablist" className={cn('inline-flex gap-1 rounded-lg bg-muted p-1', className)} {...props} />
);

export function TabsTrigger({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      onClick={() => tabs.setValue(value)}
      className={cn(
        'rounded-md px-3 py-1 text-sm font-medium transition-colors',
        active ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
        className,
      )}
    >
      {children}
    </button>
  );
}

export function TabsContent({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div role="tabpanel" className={cn('mt-3', className)}>
      {children}
    </div>
  );
}
