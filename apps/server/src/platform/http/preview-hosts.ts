import os from 'node:os';

/**
 * Where the builder's preview lives, per builder page (README "Preview origin").
 *
 * Production (or whenever PUBLIC_URL or PREVIEW_ORIGIN is set): the configured origins, the builder
 * at PUBLIC_URL and the preview at PREVIEW_ORIGIN. Development with neither set ("follow the
 * host"): a builder opened at localhost, 127.0.0.1 or any host name of this machine gets its
 * preview on the preview port at the other loopback name (localhost ↔ 127.0.0.1, a different site:
 * `otherSiteName`; other names keep theirs), calls the API at its own host name, and the preview
 * document lets exactly that builder origin frame it.
 *
 * Why this is safe: the builder origin is accepted only when it is the origin the token request
 * itself was made to (a same-origin request of the builder page) and its host name is one of this
 * machine's (a loopback name or address, the machine's name, an address of one of its interfaces):
 * a page of another site that resolves to this machine (DNS rebinding) has a foreign host name and
 * is refused. The accepted origin is then signed into the preview token (`po`), and the preview
 * document's `frame-ancestors` is read from the verified token, never from the request.
 */
export interface PreviewSite {
  /** The builder page that frames the preview (and the only window it posts to). */
  builder: string;
  /** The preview listener's origin as seen from that builder. */
  preview: string;
  /** The API origin the preview's app SDK calls. */
  api: string;
}

export interface PreviewHostsConfig {
  /** `PUBLIC_URL`'s origin (or `http://localhost:PORT`). */
  public: string;
  /** The preview listener's origin (`PREVIEW_ORIGIN`, or `http://127.0.0.1:{bound port}`: `defaultPreviewHostName`). */
  preview: string;
  /** Builder origins always allowed: the public origin (and Vite's dev server outside production). */
  builders: readonly string[];
  /** True in development when neither PUBLIC_URL nor PREVIEW_ORIGIN is set. */
  followHost: boolean;
  /** This machine's host names and addresses (lower case); defaults to `machineHostNames()`. */
  machineHosts?: ReadonlySet<string>;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** This machine's name (and `{name}.local`) and the addresses of its network interfaces, lower case. */
export function machineHostNames(): Set<string> {
  const names = new Set<string>();
  const hostname = os.hostname().toLowerCase();
  if (hostname) {
    names.add(hostname);
    if (!hostname.includes('.')) names.add(`${hostname}.local`);
  }
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      names.add(address.family === 'IPv6' ? `[${address.address.toLowerCase()}]` : address.address);
    }
  }
  return names;
}

let cachedMachineHosts: Set<string> | undefined;
const defaultMachineHosts = () => {
  cachedMachineHosts ??= machineHostNames();
  return cachedMachineHosts;
};

/**
 * Whether a URL host name (as `URL.hostname` gives it) names this machine. `*.localhost` is not:
 * published apps live on `{slug}.localhost` and are never builders.
 */
export function isMachineHost(hostname: string, machineHosts: ReadonlySet<string>): boolean {
  const name = hostname.toLowerCase();
  return LOOPBACK.has(name) || machineHosts.has(name);
}

/**
 * The loopback name of the other site: `localhost` ↔ `127.0.0.1`. Browsers decide "same site" by
 * scheme and host (registrable domain), never the port, so a preview at the builder's own host on
 * another port would be the same site, and get the builder's SameSite cookies. Both names reach
 * this machine with no DNS set-up, in browsers and in Node. Other names stay as they are (a
 * builder opened at a LAN name or address gets its preview there: set PREVIEW_ORIGIN to do better).
 */
export function otherSiteName(hostname: string): string {
  const name = hostname.toLowerCase();
  if (name === 'localhost') return '127.0.0.1';
  if (name === '127.0.0.1') return 'localhost';
  return hostname;
}

/**
 * The preview origin's host name when PREVIEW_ORIGIN is not set: the loopback name of the other
 * site than PUBLIC_URL's (by default `http://localhost:PORT`, so the preview is at 127.0.0.1).
 */
export const defaultPreviewHostName = (publicHostname: string) =>
  publicHostname.toLowerCase() === 'localhost' ? '127.0.0.1' : 'localhost';

/** `origin` with its host name replaced by `hostname` (scheme and port kept). */
export function withHostName(origin: string, hostname: string): string {
  const url = new URL(origin);
  url.hostname = hostname;
  return url.origin;
}

function parseOrigin(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === value && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
  } catch {
    return null;
  }
}

/**
 * The preview site for a builder page that names its origin `requested` in a request made to
 * `requestOrigin` (the main server's origin as the browser reached it). Unknown or disallowed
 * builder origins get the configured site (the builder at the public origin).
 */
export function previewSiteFor(
  config: PreviewHostsConfig,
  requested: string | undefined,
  requestOrigin: string | undefined,
): PreviewSite {
  const configured: PreviewSite = {
    builder: config.public,
    preview: config.preview,
    api: config.public,
  };
  const builder = parseOrigin(requested);
  if (!builder) return configured;
  if (config.builders.includes(builder.origin)) return { ...configured, builder: builder.origin };
  if (!config.followHost || builder.origin !== requestOrigin) return configured;
  if (!isMachineHost(builder.hostname, config.machineHosts ?? defaultMachineHosts())) return configured;
  return siteAt(config, builder.origin);
}

/**
 * The site of a builder origin already vetted (one signed into a preview token): the same host
 * name for the preview and the API when following the host, else the configured origins.
 */
export function siteAt(config: PreviewHostsConfig, builder: string): PreviewSite {
  if (config.builders.includes(builder) || !config.followHost) {
    return { builder, preview: config.preview, api: config.public };
  }
  const { hostname } = new URL(builder);
  return {
    builder,
    preview: withHostName(config.preview, otherSiteName(hostname)),
    api: withHostName(config.public, hostname),
  };
}

/**
 * The origins the builder's web page may frame the preview from, for a page served at
 * `requestOrigin`: the configured preview origin, and when following the host, the preview port
 * at the page's own host name (when that names this machine).
 */
export function previewFrameSources(config: PreviewHostsConfig, requestOrigin: string): string[] {
  const sources = [config.preview];
  if (!config.followHost) return sources;
  const page = parseOrigin(requestOrigin);
  if (!page || !isMachineHost(page.hostname, config.machineHosts ?? defaultMachineHosts())) return sources;
  const derived = withHostName(config.preview, otherSiteName(page.hostname));
  if (!sources.includes(derived)) sources.push(derived);
  return sources;
}

/**
 * For a preview document without a verified token (an expired link): the builder origin at the
 * host name the preview was requested at, when following the host and that host is this machine's.
 */
export function builderOriginsAt(config: PreviewHostsConfig, previewRequestUrl: string): string[] {
  if (!config.followHost) return [];
  const { hostname } = new URL(previewRequestUrl);
  if (!isMachineHost(hostname, config.machineHosts ?? defaultMachineHosts())) return [];
  return [withHostName(config.public, otherSiteName(hostname))];
}
