import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
    });
  });

  it('treats empty variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://atelier.example.com/' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('https://atelier.example.com');
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrowError(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL must start with postgres:// or postgresql://');
    }
  });

  it('refuses production mode without PUBLIC_URL and SECRETS_KEY, naming both', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(ConfigError);
    const message = (() => {
      try {
        loadConfig({ NODE_ENV: 'production' });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('PUBLIC_URL: required when NODE_ENV=production');
    expect(message).toContain('SECRETS_KEY: required when NODE_ENV=production');
  });

  it('names only what is missing in production mode', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://atelier.example.com' }),
    ).toThrowError(/SECRETS_KEY: required when NODE_ENV=production/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://atelier.example.com' }),
    ).not.toThrowError(/PUBLIC_URL/);
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://atelier.example.com',
      SECRETS_KEY: key,
      APPS_DOMAIN: 'example-apps.com',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      secretsKey: key,
      publicUrl: 'https://atelier.example.com',
      apps: { domain: 'example-apps.com', scheme: 'https' },
    });
  });

  it('serves published apps under {slug}.localhost on the public port by default, APPS_DOMAIN otherwise', () => {
    expect(loadConfig({}).apps).toEqual({ domain: 'localhost:3000', scheme: 'http' });
    expect(loadConfig({ PORT: '4100' }).apps).toEqual({ domain: 'localhost:4100', scheme: 'http' });
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).apps.domain).toBe('localhost:8080');
    expect(loadConfig({ APPS_DOMAIN: '*.Apps.Example.com' }).apps.domain).toBe('apps.example.com');
    expect(() => loadConfig({ APPS_DOMAIN: 'https://apps.example.com' })).toThrowError(/APPS_DOMAIN must be/);
  });

  it('refuses production on a public host without APPS_DOMAIN (not on localhost)', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://atelier.example.com', SECRETS_KEY: key }),
    ).toThrowError(/APPS_DOMAIN: required when NODE_ENV=production/);
    const local = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost:8080',
      SECRETS_KEY: key,
    });
    expect(local.apps).toEqual({ domain: 'localhost:8080', scheme: 'http' });
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrowError(
      /METRICS_TOKEN must be at least 16 characters/,
    );
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metricsToken).toBe('x'.repeat(16));
  });
});
