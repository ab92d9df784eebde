/**
 * Design tokens the @atelier/ui kit uses (`bg-primary`, `text-muted-foreground`, …). They come
 * before the app's globals.css, whose own `@theme` may override any of them.
 */
export const UI_THEME_CSS = `@theme {
  --color-background: #ffffff;
  --color-foreground: oklch(0.21 0.034 264.665);
  --color-card: #ffffff;
  --color-muted: oklch(0.967 0.003 264.542);
  --color-muted-foreground: oklch(0.551 0.027 264.364);
  --color-border: oklch(0.928 0.006 264.531);
  --color-primary: oklch(0.511 0.262 276.966);
  --color-primary-foreground: #ffffff;
  --color-destructive: oklch(0.577 0.245 27.325);
  --color-ring: oklch(0.585 0.233 277.117);
}
`;
