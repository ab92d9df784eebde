import { PLATFORM_TENANT, safeRedirectPath } from '@atelier/shared';
import type { AccountsContext } from './accounts.context.ts';

/**
 * Where a sign-in may continue once an e-mailed link is used (issue 20 #6). A builder's link goes
 * to a path of the platform (`safeRedirectPath`). An app's end user goes to that app only: a URL at
 * one of the app's own addresses (its published address, its verified custom domains, or its
 * builder preview where the end user started: `ctx.isAppAddress`), else the app's published
 * address. The credential the handler hands on (a single-use custom token in the fragment)
 * therefore never reaches a page the requester chose, such as another app.
 */
export async function boundContinuation(
  ctx: AccountsContext,
  tenantId: string,
  continueUrl: string | null | undefined,
): Promise<string | null> {
  if (tenantId === PLATFORM_TENANT) return safeRedirectPath(continueUrl);
  const appId = tenantId.startsWith('app:') ? tenantId.slice(4) : '';
  const addresses = await ctx.appAddresses(appId);
  const home = addresses[0] ?? null;
  if (!continueUrl) return home;
  let url: URL;
  try {
    url = new URL(continueUrl, ctx.auth.config.publicUrl);
  } catch {
    return home;
  }
  return (await ctx.isAppAddress(appId, url.href)) ? url.href : home;
}

/** The same origin, and the address's path or a path below it (`/app/a` never matches `/app/ab`). */
export function isWithin(url: URL, address: URL): boolean {
  if (url.origin !== address.origin) return false;
  const base = address.pathname.replace(/\/+$/, '');
  return base === '' || url.pathname === base || url.pathname.startsWith(`${base}/`);
}
