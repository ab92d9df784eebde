import { describe, expect, it } from 'vitest';
import {
  customTokenOfHash,
  hostedLoginAddress,
  hostedLoginReturn,
  isAppReturnAddress,
  pageNeedsSignIn,
  providerStartUrl,
  requestedProvider,
  safeNext,
} from './auth-paths.ts';

describe('pageNeedsSignIn', () => {
  it('asks for sign-in on a page that requires it, and on every page of an app that requires login', () => {
    expect(pageNeedsSignIn({}, {})).toBe(false);
    expect(pageNeedsSignIn({ requireSignIn: true }, {})).toBe(true);
    expect(pageNeedsSignIn({}, { requireLogin: true })).toBe(true);
    expect(pageNeedsSignIn({ requireSignIn: false }, { requireLogin: false })).toBe(false);
  });
});

describe('safeNext', () => {
  it('keeps paths of the app and refuses anything that leaves it', () => {
    expect(safeNext('/orders?id=4')).toBe('/orders?id=4');
    expect(safeNext('/')).toBe('/');
    for (const next of [null, '', 'orders', '//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      expect(safeNext(next), String(next)).toBe('/');
    }
  });
});

describe('customTokenOfHash', () => {
  it('reads the single-use token an e-mailed sign-in link hands to the app', () => {
    expect(customTokenOfHash('#customToken=abc.def-1')).toBe('abc.def-1');
    expect(customTokenOfHash('#x=1&customToken=a%2Bb')).toBe('a+b');
    expect(customTokenOfHash('')).toBeNull();
    expect(customTokenOfHash('#customToken=')).toBeNull();
    expect(customTokenOfHash('#other=1')).toBeNull();
  });
});

describe('hostedLoginReturn', () => {
  it("reads from_url on an end-user screen's path under the page's base path", () => {
    expect(hostedLoginReturn('/login', '?from_url=http%3A%2F%2Fa.localhost%2Fx', '/')).toBe(
      'http://a.localhost/x',
    );
    expect(hostedLoginReturn('/signup/', '?from_url=u', '/')).toBe('u');
    expect(hostedLoginReturn('/preview/app-1/login', '?from_url=u&token=t', '/preview/app-1')).toBe('u');
    expect(hostedLoginReturn('/login', '?next=%2F', '/')).toBeNull();
    expect(hostedLoginReturn('/tasks', '?from_url=u', '/')).toBeNull();
    expect(hostedLoginReturn('/login', '?from_url=u', '/preview/app-1')).toBeNull();
    expect(hostedLoginReturn('/preview/app-10/login', '?from_url=u', '/preview/app-1')).toBeNull();
  });
});

describe('isAppReturnAddress', () => {
  it("accepts only http(s) addresses on the page's origin under its base path", () => {
    expect(isAppReturnAddress('http://a.localhost:3000/tasks?x=1', 'http://a.localhost:3000', '/')).toBe(
      true,
    );
    expect(
      isAppReturnAddress('http://p.localhost/preview/app-1/x', 'http://p.localhost', '/preview/app-1/'),
    ).toBe(true);
    for (const url of [
      'https://evil.example/',
      'http://b.localhost:3000/',
      'https://a.localhost:3000/',
      'javascript:alert(1)',
      '/relative',
      'http://p.localhost/preview/app-10/x',
    ]) {
      expect(
        isAppReturnAddress(
          url,
          url.includes('/preview/') ? 'http://p.localhost' : 'http://a.localhost:3000',
          url.includes('/preview/') ? '/preview/app-1' : '/',
        ),
        url,
      ).toBe(false);
    }
  });
});

describe('hostedLoginAddress', () => {
  it("is the sign-in page for the same return, keeping the preview link's version and token", () => {
    expect(
      hostedLoginAddress(
        { origin: 'http://p.localhost', search: '?from_url=x&version=v1&token=t1&provider=google' },
        '/preview/app-1',
        'http://p.localhost/preview/app-1/tasks?token=t1',
      ),
    ).toBe(
      `http://p.localhost/preview/app-1/login?from_url=${encodeURIComponent('http://p.localhost/preview/app-1/tasks?token=t1')}&version=v1&token=t1`,
    );
    expect(hostedLoginAddress({ origin: 'http://a.localhost', search: '' }, '/', 'http://a.localhost/')).toBe(
      'http://a.localhost/login?from_url=http%3A%2F%2Fa.localhost%2F',
    );
  });
});

describe('requestedProvider', () => {
  it("sends a provider sign-in to the server's start address for the app, with where it returns", () => {
    expect(providerStartUrl('http://api.test/', 'app 1', 'google', 'http://p.localhost/x?y=1')).toBe(
      'http://api.test/api/apps/app%201/auth/oauth/google/start?from_url=http%3A%2F%2Fp.localhost%2Fx%3Fy%3D1',
    );
  });

  it('names the provider loginWithProvider asked for, and ignores anything else', () => {
    expect(requestedProvider('?from_url=x&provider=google')).toEqual({ id: 'google', name: 'Google' });
    expect(requestedProvider('?provider=GitHub')).toEqual({ id: 'github', name: 'GitHub' });
    expect(requestedProvider('?provider=okta')).toEqual({ id: 'okta', name: 'Okta' });
    for (const search of ['', '?provider=', '?provider=%3Cscript%3E', `?provider=${'x'.repeat(41)}`]) {
      expect(requestedProvider(search), search).toBeNull();
    }
  });
});
