import { describe, expect, it } from 'vitest';
import { addressUnderBase, openUnderBase } from './page-navigation.ts';

/** A page of the preview after its router moved on (the query it was loaded with is gone). */
const preview = {
  href: 'http://127.0.0.1:4001/preview/app-1/Dashboard',
  search: '?version=v1&token=t.k',
};
const base = '/preview/app-1';

describe('addressUnderBase', () => {
  it("sends a path from the app's root under the preview's base path, with its version and token", () => {
    expect(addressUnderBase('http://127.0.0.1:4001/NewUserSetup', preview, base)).toBe(
      'http://127.0.0.1:4001/preview/app-1/NewUserSetup?version=v1&token=t.k',
    );
    expect(addressUnderBase('http://127.0.0.1:4001/Orders?id=4#top', preview, base)).toBe(
      'http://127.0.0.1:4001/preview/app-1/Orders?id=4&version=v1&token=t.k#top',
    );
    expect(addressUnderBase('http://127.0.0.1:4001/', preview, base)).toBe(
      'http://127.0.0.1:4001/preview/app-1?version=v1&token=t.k',
    );
    // A relative address is one of the page's.
    expect(addressUnderBase('Orders', preview, base)).toBe(
      'http://127.0.0.1:4001/preview/app-1/Orders?version=v1&token=t.k',
    );
    // Under the base already: only the params it lacks.
    expect(addressUnderBase('http://127.0.0.1:4001/preview/app-1/Orders', preview, `${base}/`)).toBe(
      'http://127.0.0.1:4001/preview/app-1/Orders?version=v1&token=t.k',
    );
  });

  it('leaves other origins, the server’s paths, complete addresses and pages without a base path alone', () => {
    for (const target of [
      'https://checkout.stripe.com/pay/x',
      'http://127.0.0.1:4001/api/apps/auth/logout?from_url=x',
      'http://127.0.0.1:4001/preview-assets/app-1/v1/report.pdf',
      'http://127.0.0.1:4001/preview/app-1/Orders?version=v1&token=t.k',
    ]) {
      expect(addressUnderBase(target, preview, base), target).toBeNull();
    }
    expect(
      addressUnderBase('https://shop.example/Orders', { href: 'https://shop.example/', search: '' }, '/'),
    ).toBeNull();
  });
});

describe('openUnderBase', () => {
  it("opens an app path under the preview's base path, and leaves other addresses and blank windows alone", () => {
    const opened: unknown[][] = [];
    const open = openUnderBase(
      (...args: unknown[]) => {
        opened.push(args);
        return null;
      },
      (url) =>
        addressUnderBase(url, { ...preview, href: 'http://127.0.0.1:4001/preview/app-1/Orders' }, base) ??
        url,
    );
    open('/Orders?order=4', '_blank');
    open('https://checkout.stripe.com/pay/x', '_blank', 'noopener');
    open('', '_blank');
    open();
    expect(opened).toEqual([
      ['http://127.0.0.1:4001/preview/app-1/Orders?order=4&version=v1&token=t.k', '_blank'],
      ['https://checkout.stripe.com/pay/x', '_blank', 'noopener'],
      ['', '_blank'],
      [undefined],
    ]);
  });
});
