import { isMachineHost, machineHostNames } from '../../platform/http/preview-hosts.ts';
import { isWithin } from '../accounts/continuation.ts';
import type { AppsRuntime } from './apps.runtime.ts';
import { appAddresses } from './apps.service.ts';

let machineHosts: Set<string> | undefined;

/**
 * Whether `address` is a page of the app `appId`: its published address or a verified custom
 * domain (`appAddresses`), or its builder preview (`{preview origin}/preview/{appId}…`). The hosted
 * login hands a token only to such an address, and e-mailed links of the app's end users continue
 * only to one (accounts/continuation.ts); anything else is foreign.
 */
export async function isAppAddress(runtime: AppsRuntime, appId: string, address: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return false;
  const origins = runtime.origins();
  if (isWithin(url, new URL(`/preview/${encodeURIComponent(appId)}`, url.origin))) {
    if (url.origin === origins.preview) return true;
    // Development without PREVIEW_ORIGIN: the preview answers on any of this machine's names.
    const preview = new URL(origins.preview);
    machineHosts ??= machineHostNames();
    return (
      origins.followHost &&
      url.protocol === preview.protocol &&
      url.port === preview.port &&
      isMachineHost(url.hostname, machineHosts)
    );
  }
  return (await appAddresses(runtime, appId)).some((home) => isWithin(url, new URL(home)));
}
