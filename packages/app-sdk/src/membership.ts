import type { Transport } from './transport.ts';

/** An end user's membership of a paid app (`GET /api/apps/{appId}/membership`). */
export interface MembershipStatus {
  /** The app sells memberships: non-members meet the paywall. */
  required: boolean;
  isMember: boolean;
  status: 'none' | 'pending' | 'active' | 'past_due' | 'canceled';
  product: { id: string; name: string } | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface MembershipClient {
  /** The signed-in user's membership (visitors get status `none`). */
  status(): Promise<MembershipStatus>;
  /** Opens a checkout of the app's membership; answers where to pay. */
  subscribe(options?: { returnUrl?: string }): Promise<{ checkoutUrl: string; saleId: string }>;
  /** `subscribe`, then sends the browser to the checkout. */
  startCheckout(options?: { returnUrl?: string }): Promise<void>;
  /**
   * The paywall: when the app sells memberships and the visitor is not a member, covers the page
   * with "Members only" and a Subscribe button. Answers true when the visitor may use the app.
   */
  paywall(options?: { container?: HTMLElement; returnUrl?: string }): Promise<boolean>;
}

/** The paywall's texts (the same as the builder sees in the Settings panel). */
export const PAYWALL_TEXTS = {
  title: 'Members only',
  body: 'Subscribe to use this app.',
  signIn: 'Sign in to subscribe.',
  subscribe: 'Subscribe',
} as const;

export const needsPaywall = (status: MembershipStatus) => status.required && !status.isMember;

export function membershipClient(
  transport: () => Transport,
  navigate: (url: string) => void = (url) => {
    // A preview runs in an iframe: the checkout opens in the whole tab.
    (window.top ?? window).location.assign(url);
  },
): MembershipClient {
  const client: MembershipClient = {
    status: async () => {
      const t = transport();
      return t.request('GET', t.appPath('membership'));
    },
    subscribe: async (options = {}) => {
      const t = transport();
      const returnUrl =
        options.returnUrl ?? (typeof window === 'undefined' ? undefined : window.location.href);
      return t.request('POST', t.appPath('membership', 'checkout'), { body: { returnUrl } });
    },
    startCheckout: async (options) => {
      navigate((await client.subscribe(options)).checkoutUrl);
    },
    paywall: async (options = {}) => {
      const status = await client.status();
      if (!needsPaywall(status)) return true;
      const signedIn = (await transport().accessToken()) !== null;
      renderPaywall(options.container ?? document.body, signedIn, () => client.startCheckout(options));
      return false;
    },
  };
  return client;
}

function renderPaywall(container: HTMLElement, signedIn: boolean, onSubscribe: () => Promise<void>): void {
  const overlay = document.createElement('div');
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-labelledby', 'atelier-paywall-title');
  overlay.dataset.atelierPaywall = '';
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(15,15,20,.72);font-family:system-ui,sans-serif';
  const card = document.createElement('div');
  card.style.cssText =
    'max-width:22rem;padding:1.5rem;border-radius:8px;background:#fff;color:#111;text-align:center;display:grid;gap:.75rem';
  const title = document.createElement('h2');
  title.id = 'atelier-paywall-title';
  title.textContent = PAYWALL_TEXTS.title;
  title.style.cssText = 'margin:0;font-size:1.25rem';
  const body = document.createElement('p');
  body.textContent = signedIn ? PAYWALL_TEXTS.body : PAYWALL_TEXTS.signIn;
  body.style.margin = '0';
  card.append(title, body);
  if (signedIn) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = PAYWALL_TEXTS.subscribe;
    button.style.cssText =
      'padding:.5rem 1rem;border:0;border-radius:8px;background:#111;color:#fff;font-size:1rem;cursor:pointer';
    button.addEventListener('click', () => {
      button.disabled = true;
      onSubscribe().catch(() => {
        button.disabled = false;
      });
    });
    card.append(button);
  }
  overlay.append(card);
  container.append(overlay);
}
