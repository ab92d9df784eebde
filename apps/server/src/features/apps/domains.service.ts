import { randomBytes } from 'node:crypto';
import { APP_MESSAGES, type AppDomain, DOMAIN_VERIFY_PREFIX } from '@atelier/shared';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { appsDomainHost, slugOfHost } from './app-origin.ts';
import type { AppActor } from './apps.repo.ts';
import type { AppsRuntime } from './apps.runtime.ts';
import { findApp } from './apps.service.ts';
import type { DomainRow } from './domains.repo.ts';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A host name as stored: lower case, no trailing dot, no port; at least two labels and a top-level
 * label that starts with a letter (so never an IP address). Undefined when it is not one.
 */
export function normaliseDomain(input: string): string | undefined {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  if (domain.length === 0 || domain.length > 253) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return undefined;
  if (!/^[a-z]/.test(labels.at(-1) as string)) return undefined;
  return domain;
}

/** The host (lower case, no port) of a Host header value, or undefined. */
export function hostOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return undefined;
  return host.replace(/:\d+$/, '').replace(/\.$/, '') || undefined;
}

export const txtNameOf = (domain: string) => `${DOMAIN_VERIFY_PREFIX}.${domain}`;

export function toDomainView(row: DomainRow): AppDomain {
  return {
    domain: row.domain,
    txtName: txtNameOf(row.domain),
    txtValue: row.txtValue,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

/** Each runtime's platform hosts and the configured origins they were read from. */
const knownHosts = new WeakMap<AppsRuntime, { publicUrl: string; preview: string; hosts: Set<string> }>();

/**
 * The platform's host names (asked on every request, so kept until the configured origins change:
 * the preview's is known only once its listener is bound).
 */
function platformHosts(runtime: AppsRuntime): Set<string> {
  const { publicUrl, preview } = runtime.config;
  const known = knownHosts.get(runtime);
  if (known?.publicUrl === publicUrl && known.preview === preview.origin) return known.hosts;
  const hosts = new Set([new URL(publicUrl).hostname, new URL(preview.origin).hostname, 'localhost']);
  knownHosts.set(runtime, { publicUrl, preview: preview.origin, hosts });
  return hosts;
}

/** Whether requests for this host are the platform's own (the API and web app, the preview listener). */
export function isPlatformHost(runtime: AppsRuntime, host: string): boolean {
  return platformHosts(runtime).has(host);
}

/**
 * Whether a host can never be a custom domain: the platform's, the apps domain and the names under
 * it (`{slug}.{APPS_DOMAIN}`), `*.localhost`, and IP addresses.
 */
export function isReservedHost(runtime: AppsRuntime, host: string): boolean {
  const apps = runtime.config.apps;
  return (
    isPlatformHost(runtime, host) ||
    host === appsDomainHost(apps) ||
    slugOfHost(apps, host) !== undefined ||
    host.endsWith('.localhost') ||
    !/[a-z]/.test(host.split('.').at(-1) ?? '')
  );
}

export async function listDomains(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
): Promise<AppDomain[]> {
  const app = await findApp(runtime, actor, appId);
  return (await runtime.domains.list(app.id)).map(toDomainView);
}

/** Attaches a domain to the app: answers the TXT record that proves it (spec: custom domains). */
export async function addDomain(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  input: string,
): Promise<AppDomain> {
  const app = await findApp(runtime, actor, appId);
  const domain = normaliseDomain(input);
  if (!domain) throw new AppError('bad_request', APP_MESSAGES.domainInvalid);
  if (isReservedHost(runtime, domain)) throw new AppError('bad_request', APP_MESSAGES.domainReserved);
  if (await runtime.domains.verifiedElsewhere(app.id, domain))
    throw new AppError('conflict', APP_MESSAGES.domainInUse);
  const row = await runtime.domains.add(
    app.id,
    domain,
    `atelier-verify=${randomBytes(18).toString('base64url')}`,
  );
  return toDomainView(row);
}

/** Looks up `_atelier-verify.{domain}`; marks the domain verified when a TXT record holds the value. */
export async function verifyDomain(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  input: string,
): Promise<AppDomain> {
  const app = await findApp(runtime, actor, appId);
  const domain = normaliseDomain(input);
  const row = domain ? await runtime.domains.find(app.id, domain) : undefined;
  if (!domain || !row) throw notFound(APP_MESSAGES.domainNotFound);
  if (row.verifiedAt) return toDomainView(row);
  const txtName = txtNameOf(domain);
  let records: string[][] = [];
  try {
    records = await runtime.resolveTxt(txtName);
  } catch (error) {
    runtime.logger.info({ domain, code: (error as { code?: string }).code }, 'TXT lookup failed');
  }
  if (!records.some((chunks) => chunks.join('').trim() === row.txtValue)) {
    throw new AppError('domain_not_verified', APP_MESSAGES.domainNotVerified(txtName, row.txtValue));
  }
  if (await runtime.domains.verifiedElsewhere(app.id, domain))
    throw new AppError('conflict', APP_MESSAGES.domainInUse);
  try {
    const verified = await runtime.domains.markVerified(app.id, domain);
    if (!verified) throw notFound(APP_MESSAGES.domainNotFound);
    return toDomainView(verified);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', APP_MESSAGES.domainInUse);
    throw error;
  }
}

export async function removeDomain(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  input: string,
): Promise<void> {
  const app = await findApp(runtime, actor, appId);
  const domain = normaliseDomain(input);
  if (!domain || !(await runtime.domains.remove(app.id, domain))) throw notFound(APP_MESSAGES.domainNotFound);
}
