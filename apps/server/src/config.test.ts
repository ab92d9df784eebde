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
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      secretsKey: key,
      publicUrl: 'https://atelier.example.com',
    });
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrowError(
      /METRICS_TOKEN must be at least 16 characters/,
    );
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metricsToken).toBe('x'.repeat(16));
  });
});
