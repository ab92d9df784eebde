import { appTitle } from '@atelier/shared';

/**
 * What a generated app shows of the builder's side-panel settings (issue 19 #7): one name (App
 * texts → Header, else the app's name) in the nav, the document title and the end-user screens, and
 * App branding's colours as the theme variables the template's components use. Read by the page
 * when it runs (not compiled in), so a change shows in the preview and the published app at once.
 */
export interface AppBranding {
  /** The app's one name (`appTitle`): App texts → Header when set, else the app's name. */
  title: string;
  /** App texts → Subheader. */
  description: string;
  /** App branding → Style: a `dark` style sets the `dark` class on the document. */
  dark: boolean;
  /** App branding → Logo. */
  logoUrl: string;
  /** CSS custom properties, by name without `--` (`primary`, `background`, …), from App branding. */
  colors: Record<string, string>;
}

/** The fields of an app row that branding reads. */
export interface BrandedApp {
  type?: string;
  name: string;
  header?: string | null;
  description?: string | null;
  style?: unknown;
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * A CSS colour a builder typed (`#4f46e5`, `rgb(…)`, `oklch(…)`, `tomato`), or undefined for
 * anything else: the value lands in a style element, so nothing that could end the declaration.
 */
export function safeCssColor(value: unknown): string | undefined {
  const text = str(value);
  if (!text || text.length > 100) return undefined;
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(text)) return text;
  if (/^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*[-+0-9.%a-z\s,/]*\)$/i.test(text)) return text;
  if (/^[a-z]{3,30}$/i.test(text)) return text.toLowerCase();
  return undefined;
}

/** App branding field → the shadcn theme variables it drives. */
const COLOR_VARIABLES: Record<string, string[]> = {
  buttonBackgroundColor: ['primary', 'ring'],
  buttonTextColor: ['primary-foreground'],
  background: ['background'],
  headerTextColor: ['foreground'],
  subheaderTextColor: ['muted-foreground'],
};

export function appBranding(app: BrandedApp): AppBranding {
  const style = (app.style && typeof app.style === 'object' ? app.style : {}) as Record<string, unknown>;
  const colors: Record<string, string> = {};
  for (const [field, variables] of Object.entries(COLOR_VARIABLES)) {
    const color = safeCssColor(style[field]);
    if (color) for (const variable of variables) colors[variable] = color;
  }
  return {
    title: appTitle(app),
    description: str(app.description),
    dark: style.styleName === 'dark',
    logoUrl: /^(https:\/\/|\/)/.test(str(style.logoUrl)) ? str(style.logoUrl) : '',
    colors,
  };
}

/**
 * The style element of the branding's colours. Each is set as the shadcn variable (`--primary`,
 * read by `@theme inline` templates) and as Tailwind's theme variable (`--color-primary`, read by
 * apps on the older `@atelier/ui` template), above the stylesheet's own `:root` rules.
 */
export function brandingCss(branding: AppBranding): string {
  const declarations = Object.entries(branding.colors).flatMap(([name, value]) => [
    `--${name}:${value}`,
    `--color-${name}:${value}`,
  ]);
  return declarations.length > 0 ? `:root:root{${declarations.join(';')}}` : '';
}
