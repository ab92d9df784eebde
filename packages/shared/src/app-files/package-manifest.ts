/**
 * An app's `package.json` (issue 25 #3): the npm packages it uses beyond the built-in set, by name
 * and version range. Only `dependencies` matter; the server resolves each to an exact version the
 * first time (and pins it per app), downloads, checks and bundles it for the browser.
 */
export const PACKAGE_MANIFEST_PATH = 'package.json';

export interface ManifestPackage {
  name: string;
  /** The version or range as written (`^1.2.0`, `latest`, `4.17.21`). */
  range: string;
}

export type ManifestParse = { ok: true; packages: ManifestPackage[] } | { ok: false; message: string };

/** `name` or `@scope/name`, as the npm registry accepts them. */
export const NPM_PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** The package a bare import names: `react-dom/client` → `react-dom`, `@scope/pkg/sub` → `@scope/pkg`. */
export function npmPackageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Reads the `dependencies` of an app's package.json; an absent file names none. */
export function parsePackageManifest(content: string | undefined): ManifestParse {
  if (content === undefined || content.trim() === '') return { ok: true, packages: [] };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, message: 'package.json is not valid JSON.' };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    return { ok: false, message: 'package.json must be a JSON object.' };
  }
  const dependencies = (json as { dependencies?: unknown }).dependencies ?? {};
  if (!dependencies || typeof dependencies !== 'object' || Array.isArray(dependencies)) {
    return { ok: false, message: 'package.json "dependencies" must be an object of name → version range.' };
  }
  const packages: ManifestPackage[] = [];
  for (const [name, range] of Object.entries(dependencies)) {
    if (!NPM_PACKAGE_NAME.test(name))
      return { ok: false, message: `package.json: "${name}" is not a valid npm package name.` };
    if (typeof range !== 'string')
      return { ok: false, message: `package.json: the version of "${name}" must be a string.` };
    packages.push({ name, range });
  }
  return { ok: true, packages };
}

/** package.json with `name` set to `range` in its dependencies (a new file when there is none); throws on a broken file. */
export function withManifestPackage(content: string | undefined, name: string, range: string): string {
  const json = manifestObject(content);
  json.dependencies = { ...(json.dependencies as Record<string, string> | undefined), [name]: range };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** package.json without `name` in its dependencies; throws on a broken file. */
export function withoutManifestPackage(content: string | undefined, name: string): string {
  const json = manifestObject(content);
  const dependencies = { ...(json.dependencies as Record<string, string> | undefined) };
  delete dependencies[name];
  json.dependencies = dependencies;
  return `${JSON.stringify(json, null, 2)}\n`;
}

function manifestObject(content: string | undefined): Record<string, unknown> {
  if (content === undefined || content.trim() === '') return { dependencies: {} };
  const parsed = parsePackageManifest(content);
  if (!parsed.ok) throw new Error(parsed.message);
  return JSON.parse(content) as Record<string, unknown>;
}
