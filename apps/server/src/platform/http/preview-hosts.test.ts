import { describe, expect, it } from 'vitest';
import {
  builderOriginsAt,
  defaultPreviewHostName,
  isMachineHost,
  machineHostNames,
  otherSiteName,
  type PreviewHostsConfig,
  previewFrameSources,
  previewSiteFor,
  siteAt,
} from './preview-hosts.ts';

const machineHosts = new Set(['devbox', 'devbox.local', '192.168.1.20', '[fe80::1]']);
const dev: PreviewHostsConfig = {
  public: 'http://localhost:3000',
  // The default without PREVIEW_ORIGIN: the other loopback name than PUBLIC_URL's (config.ts).
  preview: 'http://127.0.0.1:3001',
  builders: ['http://localhost:3000', 'http://localhost:5173', 'http://127.0.0.1:5173'],
  followHost: true,
  machineHosts,
};
const production: PreviewHostsConfig = {
  public: 'https://atelier.example.com',
  preview: 'https://preview.example.net',
  builders: ['https://atelier.example.com'],
  followHost: false,
  machineHosts,
};

describe('isMachineHost', () => {
  it('accepts loopback names and addresses and this machine’s names, nothing else', () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]', 'devbox', 'DEVBOX', '192.168.1.20', '[fe80::1]']) {
      expect(isMachineHost(host, machineHosts), host).toBe(true);
    }
    for (const host of ['evil.example', 'crm.localhost', 'localhost.evil.example', '10.0.0.9', '127.0.0.2']) {
      expect(isMachineHost(host, machineHosts), host).toBe(false);
    }
  });

  it('knows the real machine’s own name', () => {
    expect(machineHostNames().size).toBeGreaterThan(0);
  });
});

describe('previewSiteFor (development, following the host)', () => {
  it('gives a builder opened at 127.0.0.1 its API there and its preview on another site, localhost', () => {
    expect(previewSiteFor(dev, 'http://127.0.0.1:3000', 'http://127.0.0.1:3000')).toEqual({
      builder: 'http://127.0.0.1:3000',
      preview: 'http://localhost:3001',
      api: 'http://127.0.0.1:3000',
    });
  });

  it('does the same for the machine’s LAN name and an IPv6 address', () => {
    expect(previewSiteFor(dev, 'http://devbox:3000', 'http://devbox:3000').preview).toBe(
      'http://devbox:3001',
    );
    expect(previewSiteFor(dev, 'http://[fe80::1]:3000', 'http://[fe80::1]:3000').preview).toBe(
      'http://[fe80::1]:3001',
    );
  });

  it('keeps localhost on the configured origins (its preview at 127.0.0.1, another site)', () => {
    expect(previewSiteFor(dev, 'http://localhost:3000', 'http://localhost:3000')).toEqual({
      builder: 'http://localhost:3000',
      preview: 'http://127.0.0.1:3001',
      api: 'http://localhost:3000',
    });
    expect(otherSiteName('localhost')).toBe('127.0.0.1');
    expect(otherSiteName('127.0.0.1')).toBe('localhost');
    expect(defaultPreviewHostName('localhost')).toBe('127.0.0.1');
    expect(defaultPreviewHostName('127.0.0.1')).toBe('localhost');
    expect(defaultPreviewHostName('atelier.example.com')).toBe('localhost');
  });

  it('refuses a host name that is not this machine’s (DNS rebinding) and falls back to the public origin', () => {
    expect(previewSiteFor(dev, 'http://evil.example:3000', 'http://evil.example:3000')).toEqual({
      builder: 'http://localhost:3000',
      preview: 'http://127.0.0.1:3001',
      api: 'http://localhost:3000',
    });
  });

  it('refuses a builder origin other than the one the request was made to', () => {
    expect(previewSiteFor(dev, 'http://127.0.0.1:4444', 'http://127.0.0.1:3000').builder).toBe(
      'http://localhost:3000',
    );
    expect(previewSiteFor(dev, 'http://127.0.0.1:3000', undefined).builder).toBe('http://localhost:3000');
  });

  it('refuses what is not a bare origin', () => {
    for (const value of ['http://127.0.0.1:3000/x', 'javascript:alert(1)', 'null', '', '127.0.0.1:3000']) {
      expect(previewSiteFor(dev, value, 'http://127.0.0.1:3000').builder, value).toBe(
        'http://localhost:3000',
      );
    }
  });
});

describe('previewSiteFor (configured origins)', () => {
  it('uses PUBLIC_URL and PREVIEW_ORIGIN whatever host the request names', () => {
    const site = previewSiteFor(production, 'http://127.0.0.1:3000', 'http://127.0.0.1:3000');
    expect(site).toEqual({
      builder: 'https://atelier.example.com',
      preview: 'https://preview.example.net',
      api: 'https://atelier.example.com',
    });
    expect(siteAt(production, 'https://atelier.example.com').preview).toBe('https://preview.example.net');
  });
});

describe('previewFrameSources and builderOriginsAt', () => {
  it('lets a builder page at 127.0.0.1 frame the preview at localhost in development only', () => {
    expect(previewFrameSources(dev, 'http://127.0.0.1:3000')).toEqual([
      'http://127.0.0.1:3001',
      'http://localhost:3001',
    ]);
    expect(previewFrameSources(dev, 'http://localhost:3000')).toEqual(['http://127.0.0.1:3001']);
    expect(previewFrameSources(dev, 'http://devbox:3000')).toEqual([
      'http://127.0.0.1:3001',
      'http://devbox:3001',
    ]);
    expect(previewFrameSources(dev, 'http://evil.example:3000')).toEqual(['http://127.0.0.1:3001']);
    expect(previewFrameSources(production, 'http://127.0.0.1:3000')).toEqual(['https://preview.example.net']);
  });

  it('names the builder at the preview request’s host name, for this machine’s names only', () => {
    expect(builderOriginsAt(dev, 'http://127.0.0.1:3001/preview/a')).toEqual(['http://localhost:3000']);
    expect(builderOriginsAt(dev, 'http://localhost:3001/preview/a')).toEqual(['http://127.0.0.1:3000']);
    expect(builderOriginsAt(dev, 'http://devbox:3001/preview/a')).toEqual(['http://devbox:3000']);
    expect(builderOriginsAt(dev, 'http://evil.example:3001/preview/a')).toEqual([]);
    expect(builderOriginsAt(production, 'http://127.0.0.1:3001/preview/a')).toEqual([]);
  });
});
