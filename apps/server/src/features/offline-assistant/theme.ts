/**
 * The app's colours live in `globals.css` as Tailwind 4 theme variables (`--color-primary`,
 * `--color-background`), used by the generated pages as `bg-primary`, `text-primary`, `bg-background`.
 */
export type ThemeColour = 'primary' | 'background';

/** Tailwind's colour families: the 600 shade for a primary colour, the 50 shade for a background. */
export const PALETTE: Record<string, { primary: string; background: string }> = {
  slate: { primary: '#475569', background: '#f8fafc' },
  gray: { primary: '#4b5563', background: '#f9fafb' },
  grey: { primary: '#4b5563', background: '#f9fafb' },
  zinc: { primary: '#52525b', background: '#fafafa' },
  neutral: { primary: '#525252', background: '#fafafa' },
  stone: { primary: '#57534e', background: '#fafaf9' },
  red: { primary: '#dc2626', background: '#fef2f2' },
  orange: { primary: '#ea580c', background: '#fff7ed' },
  amber: { primary: '#d97706', background: '#fffbeb' },
  yellow: { primary: '#ca8a04', background: '#fefce8' },
  lime: { primary: '#65a30d', background: '#f7fee7' },
  green: { primary: '#16a34a', background: '#f0fdf4' },
  emerald: { primary: '#059669', background: '#ecfdf5' },
  teal: { primary: '#0d9488', background: '#f0fdfa' },
  cyan: { primary: '#0891b2', background: '#ecfeff' },
  sky: { primary: '#0284c7', background: '#f0f9ff' },
  blue: { primary: '#2563eb', background: '#eff6ff' },
  indigo: { primary: '#4f46e5', background: '#eef2ff' },
  violet: { primary: '#7c3aed', background: '#f5f3ff' },
  purple: { primary: '#9333ea', background: '#faf5ff' },
  fuchsia: { primary: '#c026d3', background: '#fdf4ff' },
  pink: { primary: '#db2777', background: '#fdf2f8' },
  rose: { primary: '#e11d48', background: '#fff1f2' },
  black: { primary: '#111827', background: '#111827' },
  white: { primary: '#ffffff', background: '#ffffff' },
};

export const DEFAULT_THEME = { primary: PALETTE.indigo!.primary, background: PALETTE.slate!.background };

export function themeBlock(theme: { primary: string; background: string } = DEFAULT_THEME): string {
  return `@theme {\n  --color-primary: ${theme.primary};\n  --color-background: ${theme.background};\n}`;
}

export function globalsCss(theme = DEFAULT_THEME): string {
  return `@import "tailwindcss";\n\n${themeBlock(theme)}\n`;
}

/**
 * The line that sets a theme colour in a stylesheet, if there is one: shadcn's `--primary: …;`
 * (the template's `:root`, which `@theme inline` maps and App branding overrides), else an
 * `@theme` block's `--color-primary: …;`.
 */
export function findColourLine(css: string, colour: ThemeColour): string | undefined {
  const line = (name: string) => new RegExp(`^[ \\t]*--${name}:[^;\\n]*;[ \\t]*$`, 'm').exec(css)?.[0];
  return line(colour) ?? line(`color-${colour}`);
}

/** A colour from a request: a palette name or a #hex value. */
export function resolveColour(word: string, target: ThemeColour): string | undefined {
  const hex = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.exec(word);
  if (hex) return word.toLowerCase();
  return PALETTE[word.toLowerCase()]?.[target];
}
