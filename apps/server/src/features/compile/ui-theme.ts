/**
 * Design tokens the @atelier/ui kit and the template's shadcn/ui components use (`bg-primary`,
 * `text-muted-foreground`, `bg-popover`, `border-input`, …). They come before the app's
 * globals.css, whose own `@theme` (or shadcn's `@theme inline`) overrides any of them, so an app
 * made before the shadcn template still renders the components it gains.
 */
export const UI_THEME_CSS = `@theme {
  --color-background: #ffffff;
  --color-foreground: oklch(0.21 0.034 264.665);
  --color-card: #ffffff;
  --color-card-foreground: oklch(0.21 0.034 264.665);
  --color-popover: #ffffff;
  --color-popover-foreground: oklch(0.21 0.034 264.665);
  --color-secondary: oklch(0.967 0.003 264.542);
  --color-secondary-foreground: oklch(0.21 0.034 264.665);
  --color-accent: oklch(0.967 0.003 264.542);
  --color-accent-foreground: oklch(0.21 0.034 264.665);
  --color-input: oklch(0.928 0.006 264.531);
  --color-muted: oklch(0.967 0.003 264.542);
  --color-muted-foreground: oklch(0.551 0.027 264.364);
  --color-border: oklch(0.928 0.006 264.531);
  --color-primary: oklch(0.511 0.262 276.966);
  --color-primary-foreground: #ffffff;
  --color-destructive: oklch(0.577 0.245 27.325);
  --color-ring: oklch(0.585 0.233 277.117);
}
`;
