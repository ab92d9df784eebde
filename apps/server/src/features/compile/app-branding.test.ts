import { describe, expect, it } from 'vitest';
import { appBranding, brandingCss, safeCssColor } from './app-branding.ts';
import { publicEnv, renderAppHtml } from './html.ts';

describe('appBranding', () => {
  it('names the app by App texts → Header, else its name, and maps the colours to theme variables', () => {
    const branding = appBranding({
      name: 'Field notes',
      header: '  Field Notes Pro ',
      description: 'Notes from the field',
      style: {
        styleName: 'dark',
        buttonBackgroundColor: '#0ea5e9',
        buttonTextColor: 'white',
        background: 'oklch(0.98 0.01 240)',
        headerTextColor: 'rgb(15, 23, 42)',
        subheaderTextColor: 'hsl(215 16% 47%)',
        logoUrl: 'https://cdn.example/logo.png',
      },
    });
    expect(branding).toEqual({
      title: 'Field Notes Pro',
      description: 'Notes from the field',
      dark: true,
      logoUrl: 'https://cdn.example/logo.png',
      colors: {
        primary: '#0ea5e9',
        ring: '#0ea5e9',
        'primary-foreground': 'white',
        background: 'oklch(0.98 0.01 240)',
        foreground: 'rgb(15, 23, 42)',
        'muted-foreground': 'hsl(215 16% 47%)',
      },
    });
    expect(appBranding({ name: 'Plain', header: null, style: null })).toEqual({
      title: 'Plain',
      description: '',
      dark: false,
      logoUrl: '',
      colors: {},
    });
  });

  it('keeps only colours: nothing that could end the declaration or the style element', () => {
    for (const bad of [
      'red;}body{display:none',
      '</style><script>',
      'url(javascript:x)',
      'expression(alert(1))',
      '',
    ])
      expect(safeCssColor(bad), bad).toBeUndefined();
    expect(appBranding({ name: 'x', style: { logoUrl: 'javascript:alert(1)' } }).logoUrl).toBe('');
  });

  it('sets each colour as the shadcn variable and the Tailwind theme variable, above the stylesheet', () => {
    const css = brandingCss(appBranding({ name: 'x', style: { buttonBackgroundColor: '#e11d48' } }));
    expect(css).toBe(
      ':root:root{--primary:#e11d48;--color-primary:#e11d48;--ring:#e11d48;--color-ring:#e11d48}',
    );
    expect(brandingCss(appBranding({ name: 'x' }))).toBe('');
  });
});

describe('the app document with branding', () => {
  it('gives the app its public import.meta.env values, the branding style and the dark class', () => {
    const runtimeConfig = {
      appId: 'app-1',
      apiBase: 'http://api.test',
      basePath: '/preview/app-1',
      branding: appBranding({
        name: 'Tasks',
        style: { styleName: 'dark', buttonBackgroundColor: '#16a34a' },
      }),
    };
    const html = renderAppHtml({
      jsUrl: '/a.js',
      cssUrl: '/a.css',
      importMap: { imports: {} },
      title: 'Tasks',
      runtimeConfig,
    });
    expect(publicEnv(runtimeConfig)).toMatchObject({
      MODE: 'production',
      PROD: true,
      DEV: false,
      BASE_URL: '/preview/app-1',
      VITE_BASE44_APP_ID: 'app-1',
      VITE_APP_NAME: 'Tasks',
    });
    expect(html).toMatch(/window\.__ATELIER_ENV__=\{[^;]*"MODE":"production"/);
    expect(html).toContain("document.documentElement.classList.add('dark');");
    // After the app's stylesheet, so its colours win.
    expect(html).toMatch(/app\.css|a\.css">\n<style>:root:root\{--primary:#16a34a;/);
  });
});
