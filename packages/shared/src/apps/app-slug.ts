/**
 * The slug of a published app: the first label of its own origin, `{slug}.{APPS_DOMAIN}`
 * (ARCHITECTURE §6). Readable (from the app's name by default), unique, changeable.
 */

export const APP_SLUG_MIN_LENGTH = 3;
/** One DNS label is at most 63 characters; 40 keeps addresses readable. */
export const APP_SLUG_MAX_LENGTH = 40;

/** Host names the platform may need for itself under the apps domain. */
export const RESERVED_APP_SLUGS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'app',
  'apps',
  'admin',
  'preview',
  'static',
  'assets',
  'cdn',
  'mail',
  'smtp',
  'status',
  'docs',
  'help',
  'support',
  'auth',
  'login',
  'signup',
  'dashboard',
  'builder',
  'atelier',
  'localhost',
]);

export const APP_SLUG_MESSAGES = {
  invalid: `Use ${APP_SLUG_MIN_LENGTH} to ${APP_SLUG_MAX_LENGTH} lower-case letters, numbers and dashes for the address (no dash at the start or end)`,
  reserved: 'This address is reserved; choose another one',
  taken: 'This address is already taken by another app; choose another one',
} as const;

const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** The message that refuses `slug`, or null when it is a valid slug (format and reserved names; not uniqueness). */
export function appSlugProblem(slug: string): string | null {
  if (slug.length < APP_SLUG_MIN_LENGTH || slug.length > APP_SLUG_MAX_LENGTH || !SLUG.test(slug)) {
    return APP_SLUG_MESSAGES.invalid;
  }
  // `xn--` labels are punycode (another name in disguise); `--` elsewhere reads badly.
  if (slug.includes('--')) return APP_SLUG_MESSAGES.invalid;
  if (RESERVED_APP_SLUGS.has(slug)) return APP_SLUG_MESSAGES.reserved;
  return null;
}

/** Lower case, trimmed: what a builder typed, as it is checked and stored. */
export const normaliseAppSlug = (input: string) => input.trim().toLowerCase();

/**
 * A slug made from an app's name: accents dropped, words joined by dashes, cut at a word boundary
 * within the maximum length; `my-app` when nothing usable is left, padded when too short.
 */
export function slugFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > APP_SLUG_MAX_LENGTH) {
      if (!slug) slug = word.slice(0, APP_SLUG_MAX_LENGTH);
      break;
    }
    slug = next;
  }
  if (!slug) slug = 'my-app';
  if (slug.length < APP_SLUG_MIN_LENGTH) slug = `${slug}-app`;
  if (RESERVED_APP_SLUGS.has(slug)) slug = `${slug}-app`;
  return slug;
}

/** The n-th alternative of a taken slug (`garden-planner-2`), still within the maximum length. */
export function numberedSlug(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, APP_SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
}
