import { NPM_LIMITS, NPM_MESSAGES, NpmPackageError } from './npm-limits.ts';

/** One version of a package as the registry's abbreviated metadata describes it. */
export interface PackumentVersion {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dist: { tarball: string; integrity?: string; shasum?: string };
}

export interface Packument {
  name: string;
  'dist-tags': Record<string, string>;
  versions: Record<string, PackumentVersion>;
}

/** What resolution and installs need from a registry (the tests give a local fake one). */
export interface RegistryClient {
  packument(name: string): Promise<Packument>;
  tarball(packageId: string, url: string): Promise<Buffer>;
}

/** `name` or `@scope/name`, as npm accepts them (lower case, URL-safe). */
export const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

const PACKUMENT_TTL_MS = 5 * 60_000;

/**
 * A registry client that talks to the configured registry only: packuments and tarballs on its
 * origin, no redirects, a timeout and a size cap on every answer. The registry is the operator's
 * choice (NPM_REGISTRY_URL, e.g. a private mirror on the local network), so it is not sent through
 * the SSRF guard; a tarball URL on any other origin is refused, so a packument cannot point the
 * server elsewhere. Packuments are kept in memory for five minutes.
 */
export function createRegistryClient(registryUrl: string): RegistryClient {
  const base = registryUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const packuments = new Map<string, { at: number; value: Promise<Packument> }>();

  async function get(url: string, maxBytes: number, packageName: string, accept: string): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept, 'user-agent': 'Atelier (npm packages on demand)' },
        redirect: 'error',
        signal: AbortSignal.timeout(NPM_LIMITS.requestTimeoutMs),
      });
    } catch (error) {
      throw new NpmPackageError(packageName, NPM_MESSAGES.unreachable(describe(error)));
    }
    if (response.status === 404) {
      await response.body?.cancel();
      throw new NpmPackageError(packageName, NPM_MESSAGES.notFound);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new NpmPackageError(packageName, NPM_MESSAGES.unreachable(`HTTP ${response.status}`));
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new TooLarge(declared);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    try {
      for await (const chunk of response.body ?? []) {
        total += chunk.byteLength;
        if (total > maxBytes) throw new TooLarge(total);
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof TooLarge) throw error;
      throw new NpmPackageError(packageName, NPM_MESSAGES.unreachable(describe(error)));
    }
    return Buffer.concat(chunks);
  }

  async function loadPackument(name: string): Promise<Packument> {
    const url = `${base}/${name.replace('/', '%2f')}`;
    let body: Buffer;
    try {
      body = await get(url, NPM_LIMITS.maxPackumentBytes, name, 'application/vnd.npm.install-v1+json');
    } catch (error) {
      if (error instanceof TooLarge)
        throw new NpmPackageError(name, NPM_MESSAGES.unreachable('metadata too large'));
      throw error;
    }
    try {
      const parsed = JSON.parse(body.toString('utf8')) as Packument;
      if (!parsed || typeof parsed.versions !== 'object') throw new Error('no versions');
      parsed['dist-tags'] ??= {};
      return parsed;
    } catch {
      throw new NpmPackageError(
        name,
        NPM_MESSAGES.unreachable('the registry answered something that is not a packument'),
      );
    }
  }

  return {
    packument(name) {
      if (!NPM_NAME.test(name)) return Promise.reject(new NpmPackageError(name, NPM_MESSAGES.badName));
      const hit = packuments.get(name);
      if (hit && Date.now() - hit.at < PACKUMENT_TTL_MS) return hit.value;
      const value = loadPackument(name);
      packuments.set(name, { at: Date.now(), value });
      value.catch(() => packuments.delete(name));
      if (packuments.size > 500) packuments.delete(packuments.keys().next().value!);
      return value;
    },
    async tarball(packageId, url) {
      const name = packageId.slice(0, packageId.lastIndexOf('@'));
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new NpmPackageError(name, NPM_MESSAGES.tarballOrigin(packageId));
      }
      if (parsed.origin !== origin) throw new NpmPackageError(name, NPM_MESSAGES.tarballOrigin(packageId));
      try {
        return await get(parsed.href, NPM_LIMITS.maxTarballBytes, name, 'application/octet-stream');
      } catch (error) {
        if (error instanceof TooLarge)
          throw new NpmPackageError(name, NPM_MESSAGES.tarballTooLarge(packageId));
        throw error;
      }
    },
  };
}

class TooLarge extends Error {
  constructor(readonly bytes: number) {
    super('too large');
  }
}

function describe(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'timed out';
  const cause = (error as { cause?: { code?: string; errors?: { code?: string }[] } })?.cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? (error instanceof Error ? error.message : String(error));
}
