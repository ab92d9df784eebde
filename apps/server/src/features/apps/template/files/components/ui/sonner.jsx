import { Toaster as Sonner } from 'sonner';

/** Sonner's toaster in the app's theme: place it once (the Layout does), then `toast('Saved')` anywhere. */
function Toaster(props) {
  const dark = typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
  return (
    <Sonner
      theme={dark ? 'dark' : 'light'}
      className="toaster group"
      style={{
        '--normal-bg': 'var(--popover)',
        '--normal-text': 'var(--popover-foreground)',
        '--normal-border': 'var(--border)',
      }}
      {...props}
    />
  );
}

export { Toaster };
