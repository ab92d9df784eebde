/**
 * Backend functions and secrets of generated apps (spec 1 §2, §4, §7, §8, §9; spec 2 §2, §5, §8;
 * spec 3 §5, §7, §8). The texts are the spec's; the server, the web app and the tests share them.
 */

/** Function deploy states (spec 1 §4), plus `not_deployed` for a function file never deployed. */
export const FUNCTION_DEPLOY_STATUSES = ['pending', 'deploying', 'success', 'error'] as const;
export type FunctionDeployStatus = (typeof FUNCTION_DEPLOY_STATUSES)[number];

export const FUNCTION_MESSAGES = {
  deployed: 'Function deployed successfully!',
  missingSecrets: 'Missing required secrets',
  manageSecrets: 'Manage Secrets',
  deployFailed: 'Failed to deploy function',
  notPublished: 'App must be published to get webhook URL',
  notFound: 'Function not found',
  notDeployed: 'This function has not been deployed yet',
  reservedName: (name: string) => `"${name}" is a reserved name and cannot be used for a function`,
  invalidName: 'Function names may use letters, digits, "_" and "-", and start with a letter',
  /** Batch deploy (spec 1 §8 "success, partial and all-failed messages"; wording of spec 3 §8). */
  batchSuccess: (n: number) => `Deployed ${n} function(s) successfully`,
  batchPartial: (deployed: number, failed: number) =>
    `Deployed ${deployed} function(s); ${failed} function(s) failed to deploy`,
  batchAllFailed: (n: number) => `${n} function(s) failed to deploy`,
  noFunctions: 'This app has no functions to deploy',
  timeout: 'The function took too long and was stopped',
  failed: 'The function failed',
  scheduleNotFound: 'Scheduled automation not found',
} as const;

/** The batch deploy message for `deployed` successes out of `total` (0 total: nothing to deploy). */
export function batchDeployMessage(deployed: number, total: number): string {
  if (total === 0) return FUNCTION_MESSAGES.noFunctions;
  if (deployed === total) return FUNCTION_MESSAGES.batchSuccess(deployed);
  if (deployed === 0) return FUNCTION_MESSAGES.batchAllFailed(total);
  return FUNCTION_MESSAGES.batchPartial(deployed, total - deployed);
}

/**
 * Names a function may not have: the last path segment of the function routes
 * (`GET /api/apps/{appId}/functions/list`, `POST /api/apps/{appId}/functions/deploy`).
 */
export const RESERVED_FUNCTION_NAMES = ['list', 'deploy'] as const;
export const FUNCTION_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** Why `name` cannot be a function's name, or null when it can. */
export function functionNameProblem(name: string): string | null {
  if ((RESERVED_FUNCTION_NAMES as readonly string[]).includes(name.toLowerCase())) {
    return FUNCTION_MESSAGES.reservedName(name);
  }
  if (!FUNCTION_NAME_PATTERN.test(name)) return FUNCTION_MESSAGES.invalidName;
  return null;
}

/**
 * The function a file is the entry of: `functions/sendEmail.ts` → `sendEmail`, and the folder form
 * Base44 exports use, `functions/send-email/index.ts` → `send-email` (beside it, `function.jsonc`
 * declares the function's automations). Null for other paths (other files of a function folder too).
 */
export function functionNameFromPath(path: string): string | null {
  const match = /^functions\/([^/]+?)(?:\.(?:ts|js)|\/index\.(?:ts|js))$/.exec(path);
  return match ? match[1]! : null;
}

/** The config file of a function in the folder form: `functions/{name}/function.jsonc`. */
export const functionConfigPath = (name: string) => `functions/${name}/function.jsonc`;

/** The function whose deployment a file's change affects: its entry or its `function.jsonc`. */
export function functionNameOfFile(path: string): string | null {
  return functionNameFromPath(path) ?? /^functions\/([^/]+)\/function\.jsonc$/.exec(path)?.[1] ?? null;
}

/** The webhook URL of a function (spec 1 §7): `{origin}/api/apps/{appId}/functions/{name}`. */
export function functionWebhookUrl(origin: string, appId: string, name: string): string {
  return `${origin.replace(/\/+$/, '')}/api/apps/${encodeURIComponent(appId)}/functions/${encodeURIComponent(name)}`;
}

export const SECRET_MESSAGES = {
  loadFailed: 'Failed to load secrets',
  saveFailed: 'Failed to save secrets',
  deleteFailed: 'Failed to delete secret',
  saved: 'Secrets saved successfully!',
  deleted: 'Secret deleted successfully',
  keyAndValueRequired: 'Please provide both key and value for all secrets or remove empty ones',
  notInitialized: 'Secrets provider not initialized or app ID not available',
  /** The chat's secrets dialog (spec 3 §5, §8). */
  valuesRequiredTitle: 'Secret values required',
  valuesRequired: 'Please enter values for all secrets',
  updated: 'Secrets updated successfully',
  setFailed: 'Failed to set secrets',
  notFound: 'Secret not found',
  invalidKey: 'Secret names may use letters, digits and "_", and must not start with a digit',
  duplicateKey: (key: string) => `The secret ${key} appears twice`,
} as const;

/** Secret names: environment-variable style. */
export const SECRET_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
export const SECRET_VALUE_MAX_LENGTH = 32_768;
export const SECRET_DESCRIPTION_MAX_LENGTH = 2_000;
export const MAX_SECRETS_PER_APP = 100;

/**
 * Reserved secret names (spec 1 §9 "some names are reserved and ignored"): saving one is a no-op
 * reported in `ignored`, and a function never sees one in `ctx.env`. Matched case-insensitively:
 * the names below, and any name starting with `ATELIER_`, `NODE_` or `NPM_`.
 */
export const RESERVED_SECRET_NAMES = [
  'PATH',
  'HOME',
  'PWD',
  'SHELL',
  'USER',
  'LANG',
  'TZ',
  'TMPDIR',
  'HOSTNAME',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'PUBLIC_URL',
  'SECRETS_KEY',
  'JWT_SECRET',
  'APP_ID',
] as const;
export const RESERVED_SECRET_PREFIXES = ['ATELIER_', 'NODE_', 'NPM_'] as const;

export function isReservedSecretName(key: string): boolean {
  const upper = key.toUpperCase();
  return (
    (RESERVED_SECRET_NAMES as readonly string[]).includes(upper) ||
    RESERVED_SECRET_PREFIXES.some((prefix) => upper.startsWith(prefix))
  );
}

/** What a masked stored value looks like in the secrets editor (values are write-only). */
export const SECRET_MASK = '••••••••';
