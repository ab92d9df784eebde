import { describe, expect, it } from 'vitest';
import { createCssCompiler } from '../compile/tailwind-css.ts';
import { translateStylesheets } from './css.ts';
import { withoutUnknownApplies } from './css-apply.ts';

const INDEX_CSS = `@tailwind base;
@tailwind components;
@tailwind utilities;
:root { --background: 0 0% 100%; --primary: 222.2 47.4% 11.2%; --radius: 0.5rem; }
.hero { @apply font-display bg-brand-500 shadow-glow animate-float text-background; }
`;

/** Base44's template config, with the additions real exports make (fonts, a colour scale, shadows, keyframes). */
const TAILWIND_CONFIG = `/** @type {import('tailwindcss').Config} */
const defaultTheme = require('tailwindcss/defaultTheme');
module.exports = {
  darkMode: ["class"],
  theme: {
    extend: {
      fontFamily: { display: ['Space Grotesk', ...defaultTheme.fontFamily.sans], inter: ['Inter', 'sans-serif'] },
      colors: {
        background: ' #08080C',
        primary: { DEFAULT: 'hsl(var(--primary))', foreground: 'hsl(var(--primary-foreground))' },
        brand: { DEFAULT: '#0ea5e9', 500: '#0ea5e9', '900': '#0c4a6e' },
        bad: 'red; } body { display: none',
      },
      boxShadow: { glow: '0 0 20px rgba(14, 165, 233, 0.5)' },
      keyframes: { float: { '0%, 100%': { transform: 'translateY(0)' }, '50%': { transform: 'translateY(-8px)' } } },
      animation: { float: 'float 3s ease-in-out infinite' },
    },
  },
  plugins: [require("tailwindcss-animate")],
}
`;

describe('translateStylesheets', () => {
  it("declares what the export's tailwind.config adds to the theme, without running it", async () => {
    const { css } = translateStylesheets([{ path: 'src/index.css', content: INDEX_CSS }], TAILWIND_CONFIG);
    expect(css).toContain('--font-inter: Inter, sans-serif;');
    expect(css).toContain('--color-brand: #0ea5e9;');
    expect(css).toContain('--color-brand-900: #0c4a6e;');
    expect(css).toContain('--shadow-glow: 0 0 20px rgba(14, 165, 233, 0.5);');
    expect(css).toContain('--animate-float: float 3s ease-in-out infinite;');
    expect(css).toMatch(/@keyframes float \{\n {2}0%, 100% \{\n {4}transform: translateY\(0\);/);
    // The config's own background wins over shadcn's variable; primary stays shadcn's.
    expect(css).toContain('--color-background: #08080C;');
    expect(css).toContain('--color-primary: hsl(var(--primary));');
    // A value that would close the block, and a font stack that is not a literal, are left out.
    expect(css).not.toContain('display: none');
    expect(css).not.toContain('--font-display');
    // Tailwind 4 accepts it: every @apply of the export resolves except the font left out.
    const compiled = await createCssCompiler().compile(css.replace(' font-display', ''), [
      { path: 'pages/Home.jsx', content: '<div className="font-inter text-brand-900 shadow-glow" />' },
    ]);
    expect(compiled.ok && compiled.css).toMatch(/\.text-brand-900 \{\s*color: #0c4a6e;/);
  });
});

describe("the export's @apply", () => {
  it('applies the stylesheet’s own classes as utilities, and leaves out what Tailwind 4 cannot apply', async () => {
    const { css } = translateStylesheets([
      {
        path: 'src/index.css',
        content: `@tailwind base;
@layer components {
  .card-glass { background: rgba(255, 255, 255, 0.05); backdrop-filter: blur(12px); }
  .btn-neon { @apply card-glass px-4 hover:shadow-lg; }
}
.panel { @apply card-glass animate-in fade-in-50 scrollbar-hide rounded-lg; }
`,
      },
    ]);
    expect(css).toMatch(/@utility card-glass \{\s*background: rgba\(255, 255, 255, 0\.05\);/);
    expect(css).not.toMatch(/\.card-glass \{/);
    const { css: repaired, dropped } = await withoutUnknownApplies(css);
    // A Tailwind 3 plugin's class is left out; tailwindcss-animate's are the compiler's own.
    expect(dropped).toEqual(['scrollbar-hide']);
    expect(repaired).toContain('@apply card-glass animate-in fade-in-50 rounded-lg;');
    const compiled = await createCssCompiler().compile(repaired, [
      { path: 'pages/Home.jsx', content: '<div className="card-glass btn-neon panel" />' },
    ]);
    expect(compiled.ok && compiled.css).toMatch(/\.panel \{[^}]*backdrop-filter: blur\(12px\)/);
    expect(compiled.ok && compiled.css).toMatch(/\.panel \{[^}]*animation: enter/);
  });
});

describe('a Tailwind 4 stylesheet of an export', () => {
  it('takes its @config from the config read at import and leaves its @plugins out, reported', async () => {
    const { css, plugins } = translateStylesheets(
      [
        {
          path: 'src/index.css',
          content: `@import "tailwindcss";
@config "../tailwind.config.js";
@plugin "tailwindcss-animate";
@plugin "@tailwindcss/typography";
:root { --primary: 222.2 47.4% 11.2%; }
`,
        },
      ],
      TAILWIND_CONFIG,
    );
    expect(plugins).toEqual(['@tailwindcss/typography']);
    const compiled = await createCssCompiler().compile(css, [
      { path: 'pages/Home.jsx', content: '<div className="text-brand-900 bg-primary animate-in" />' },
    ]);
    expect(compiled.ok && compiled.css).toMatch(/\.text-brand-900 \{\s*color: #0c4a6e;/);
    expect(compiled.ok && compiled.css).toMatch(/\.bg-primary \{/);
  });
});

describe("an export's web fonts", () => {
  it('keeps its https @imports (Google Fonts), which the page then links; plain http stays out', async () => {
    const fonts = 'https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap';
    const { css, remoteImports, webImports } = translateStylesheets([
      {
        path: 'src/index.css',
        content: `@tailwind base;\n@import url('${fonts}');\n@import url(http://fonts.example.com/a.css);\nbody { font-family: Inter; }\n`,
      },
    ]);
    expect(webImports).toEqual([`@import url('${fonts}');`]);
    expect(remoteImports).toEqual(['http://fonts.example.com/a.css']);
    expect(css.startsWith(`@import url('${fonts}');\n`)).toBe(true);
    const { css: repaired } = await withoutUnknownApplies(css);
    const compiled = await createCssCompiler().compile(repaired, [
      { path: 'pages/Home.jsx', content: '<p className="font-bold" />' },
    ]);
    // The page links it (compile/html.ts): out of the built CSS, where Tailwind's rules come first.
    expect(compiled.ok && compiled.webStylesheets).toEqual([{ href: fonts }]);
  });
});
