import { appliedClassesAsUtilities } from './css-apply.ts';
import { tailwindConfigTheme } from './tailwind-config.ts';

/** shadcn/ui's colour tokens as Base44's Tailwind 3 config reads them (`hsl(var(--primary))`). */
const COLOR_TOKENS = [
  'background',
  'foreground',
  'card',
  'card-foreground',
  'popover',
  'popover-foreground',
  'primary',
  'primary-foreground',
  'secondary',
  'secondary-foreground',
  'muted',
  'muted-foreground',
  'accent',
  'accent-foreground',
  'destructive',
  'destructive-foreground',
  'border',
  'input',
  'ring',
  'chart-1',
  'chart-2',
  'chart-3',
  'chart-4',
  'chart-5',
  'sidebar-background',
  'sidebar-foreground',
  'sidebar-primary',
  'sidebar-primary-foreground',
  'sidebar-accent',
  'sidebar-accent-foreground',
  'sidebar-border',
  'sidebar-ring',
];

/**
 * The export's stylesheets (Tailwind 3: `@tailwind` directives, shadcn's variables as HSL
 * channels) as a Tailwind 4 `globals.css`: the directives go (the compiler imports Tailwind),
 * each variable the CSS defines becomes a colour utility as the export's tailwind.config maps
 * it, what its tailwind.config adds to the theme (fonts, colours, shadows, keyframes… read
 * statically, `tailwind-config.ts`) is declared too (a Tailwind 4 stylesheet's `@config` names
 * that file); remote `@import url(https://…)`s (web fonts) are kept, first; plain-http ones and
 * `@plugin`s are left as comments (reported).
 */
export function translateStylesheets(
  sheets: { path: string; content: string }[],
  tailwindConfig?: string,
): {
  css: string;
  /** Remote stylesheets over plain http, left out (https ones are kept, first). */
  remoteImports: string[];
  /** Remote stylesheets over https kept (the page links them: compile/tailwind-css.ts, html.ts). */
  webImports: string[];
  /** Tailwind plugins of `@plugin` left out. */
  plugins: string[];
  /** Package stylesheets the CSS imported: the entry imports them (`pkg/file.css`). */
  packageImports: string[];
  /** Package imports without a stylesheet file named, left out. */
  leftOutImports: string[];
} {
  const remoteImports: string[] = [];
  const webImports: string[] = [];
  const plugins: string[] = [];
  const packageImports: string[] = [];
  const leftOutImports: string[] = [];
  const body = sheets
    .map(({ path, content }) => {
      const text = content
        .replace(/@tailwind\s+[a-z-]+\s*;/g, '')
        .replace(/@import\s+(?:url\()?\s*["']?(https?:[^"')\s]+)["']?\s*\)?[^;\n]*;/g, (all, url: string) => {
          // Web fonts over https (Google Fonts…) are loaded: first in the stylesheet, as CSS wants.
          if (/^https:\/\//i.test(url)) {
            webImports.push(all);
            return '';
          }
          remoteImports.push(url);
          return `/* @import ${url.replace(/\*\//g, '')} (remote stylesheets are not loaded) */`;
        })
        .replace(/@import\s+["']tailwindcss[^;\n]*;/g, '')
        // A package's stylesheet (`@import '@fontsource-variable/inter'`, `'leaflet/dist/leaflet.css'`)
        // is imported by the entry, as a package stylesheet a module imports (compile/package-css.ts).
        .replace(/@import\s+["']([@\w][^"'\s]*)["'][^;\n]*;/g, (all, specifier: string) => {
          if (specifier === 'tw-animate-css') return ''; // the compiler's own, as tailwindcss-animate
          const stylesheet = packageStylesheet(specifier);
          if (stylesheet) packageImports.push(stylesheet);
          else leftOutImports.push(specifier);
          return stylesheet ? '' : `/* ${all.replace(/\*\//g, '')} (not loaded) */`;
        })
        // Tailwind 4 exports point at their JS config (read statically here) and plugins: both
        // would run code. tailwindcss-animate's classes are the compiler's own.
        .replace(/@config\s+["'][^"'\n]*["']\s*;/g, '')
        .replace(/@plugin\s+["']([^"'\n]*)["']\s*(?:;|\{[^}]*\})/g, (_all, plugin: string) => {
          if (plugin === 'tailwindcss-animate') return '';
          plugins.push(plugin);
          return `/* @plugin ${plugin.replace(/\*\//g, '')} (plugins are not loaded) */`;
        });
      return `/* ${path} */\n${text.trim()}\n`;
    })
    .join('\n');
  const defined = (token: string) => new RegExp(`--${token}\\s*:\\s*([^;]+);`).exec(body)?.[1]?.trim();
  const theme: string[] = [];
  const config = tailwindConfig ? tailwindConfigTheme(tailwindConfig) : undefined;
  for (const token of COLOR_TOKENS) {
    const value = defined(token);
    if (value === undefined) continue;
    // HSL channels (`222.2 84% 4.9%`) need hsl(); a full colour is used as it is.
    const channels = /^[\d.]+(deg)?\s+[\d.]+%\s+[\d.]+%/.test(value);
    const name = token === 'sidebar-background' ? 'sidebar' : token;
    // The config's own value when it says something else than shadcn's `hsl(var(--x))`.
    const configured = config?.variables.get(`--color-${name}`);
    if (configured && configured !== `hsl(var(--${token}))`) continue;
    config?.variables.delete(`--color-${name}`);
    theme.push(`  --color-${name}: ${channels ? `hsl(var(--${token}))` : `var(--${token})`};`);
  }
  if (defined('radius')) {
    theme.push(
      '  --radius-lg: var(--radius);',
      '  --radius-md: calc(var(--radius) - 2px);',
      '  --radius-sm: calc(var(--radius) - 4px);',
    );
  }
  for (const [variable, value] of config?.variables ?? []) {
    if (!theme.some((line) => line.startsWith(`  ${variable}:`))) theme.push(`  ${variable}: ${value};`);
  }
  const header = theme.length > 0 ? `@theme inline {\n${theme.join('\n')}\n}\n\n` : '';
  const keyframes = config?.keyframes.length ? `${config.keyframes.join('\n')}\n\n` : '';
  return {
    css: appliedClassesAsUtilities(
      `${webImports.map((line) => `${line}\n`).join('')}@custom-variant dark (&:is(.dark *));\n\n${header}${keyframes}${body}`,
    ),
    remoteImports,
    webImports,
    plugins,
    packageImports,
    leftOutImports,
  };
}

/**
 * The stylesheet file of a package a CSS `@import` names: a `.css` path as it is; a Fontsource font
 * package by name (`@fontsource-variable/inter`, `@fontsource/roboto/400`) is its `index.css` (or
 * `400.css`), the files its package.json exports. Other names without a `.css` file are not read.
 */
function packageStylesheet(specifier: string): string | undefined {
  if (/\.css$/i.test(specifier)) return specifier;
  const fontsource = /^(@fontsource(?:-variable)?\/[\w.-]+)(\/[\w.-]+)?$/.exec(specifier);
  if (fontsource) return `${fontsource[1]}${fontsource[2] ?? '/index'}.css`;
  return undefined;
}
