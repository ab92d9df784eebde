import { MoonIcon, SunIcon } from 'lucide-react';
import { useId } from 'react';
import { useTheme } from '../lib/theme.tsx';
import { Button } from './ui/button.tsx';

/**
 * The top bar's theme switch. Its hint is a CSS tooltip (shown on hover and keyboard focus), not
 * Radix's: this sits in the shell of every page, and the positioning library would otherwise load
 * with the landing and sign-in pages.
 */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const hintId = useId();
  const hint = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <span className="group relative inline-flex">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Toggle theme"
        aria-describedby={hintId}
        onClick={toggleTheme}
      >
        {theme === 'dark' ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
      </Button>
      <span
        id={hintId}
        role="tooltip"
        className="pointer-events-none absolute top-full right-0 z-50 mt-1.5 whitespace-nowrap rounded-md bg-foreground px-2.5 py-1.5 text-background text-xs opacity-0 transition-opacity delay-300 group-hover:opacity-100 group-has-[:focus-visible]:opacity-100"
      >
        {hint}
      </span>
    </span>
  );
}
