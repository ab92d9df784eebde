import type { AppsDomainConfig } from '../../config.ts';

/**
 * Published apps live on origins of their own (ARCHITECTURE §6): `{scheme}://{slug}.{APPS_DOMAIN}`,
 * on a developer's machine `http://{slug}.localhost:3000`. Never the platform's origin, never shared
 * between apps: an app may keep its end users' sessions in localStorage, and the platform's
 * host-only session cookie is never sent to it.
 */

/** The origin of the app with this slug. */
export const appOrigin = (apps: AppsDomainConfig, slug: string) => `${apps.scheme}://${slug}.${apps.domain}`;

/** The host name (no port) under which app hosts are one label deep. */
export const appsDomainHost = (apps: AppsDomainConfig) => apps.domain.replace(/:\d+$/, '');

/**
 * What a request's host (lower case, no port) is under the apps domain: the slug of a one-label
 * subdomain, `null` for a deeper name under it (an app host too, but of no app), or undefined when
 * the host is not under the apps domain at all.
 */
export function slugOfHost(apps: AppsDomainConfig, host: string): string | null | undefined {
  const domain = appsDomainHost(apps);
  if (!host.endsWith(`.${domain}`)) return undefined;
  const label = host.slice(0, -(domain.length + 1));
  return label && !label.includes('.') ? label : null;
}
