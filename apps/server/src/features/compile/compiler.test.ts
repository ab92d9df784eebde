import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type AppFile, MAX_APP_FILES, MAX_APP_TOTAL_BYTES } from '@atelier/shared';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { templateFiles } from '../apps/template/index.ts';
import { type CompileFailure, type CompileSuccess, createCompiler } from './compiler.ts';
import { contentHashSync } from './content-hash-sync.ts';
import { pwaVirtualModule } from './vendor/pwa-virtual.ts';
import { describePackages } from './vendor/vendor-modules.ts';

const compiler = createCompiler({ cacheSize: 16 });
afterAll(() => compiler.dispose());

const page = (name: string, body: string, imports = ''): AppFile => ({
  path: `pages/${name}.tsx`,
  content: `${imports}\nexport default function ${name}() {\n  return ${body};\n}\n`,
});

async function compileOk(files: AppFile[]): Promise<CompileSuccess> {
  const result = await compiler.compile(files);
  if (!result.ok) throw new Error(`Expected success, got ${JSON.stringify(result.diagnostics, null, 2)}`);
  return result;
}

async function compileFail(files: AppFile[]): Promise<CompileFailure> {
  const result = await compiler.compile(files);
  if (result.ok) throw new Error('Expected the compile to fail');
  return result;
}

describe('compile', () => {
  it('compiles the template into one ES module and its CSS', async () => {
    const result = await compileOk(templateFiles('Acme Tasks'));
    expect(result.js).toContain('mountApp(');
    expect(result.js).toContain('"Acme Tasks"');
    expect(result.js).toMatch(/from "@atelier\/app-sdk"/);
    expect(result.js).toMatch(/from "react\/jsx-runtime"/);
    expect(result.js).not.toMatch(/\brequire\(/);
    expect(result.css).toContain('.rounded-lg');
    expect(result.hash).toBe(contentHashSync(templateFiles('Acme Tasks')));
    expect(result.warnings).toEqual([]);
  });

  it('includes the runtime-error reporter that posts atelier:runtime-error to the parent window', async () => {
    const { js } = await compileOk(templateFiles('Reporter'));
    expect(js).toContain('atelier:runtime-error');
    expect(js).toContain('window.parent.postMessage(message');
    expect(js).toContain('addEventListener("unhandledrejection"');
    // The runtime is evaluated before the app's modules: its code comes first in the bundle.
    expect(js.indexOf('atelier:runtime-error')).toBeLessThan(js.indexOf('function Home('));
  });

  it('routes pages by file name: Home is /, ContactDetails is /contact-details', async () => {
    const { js } = await compileOk([
      page('Home', '<p>home</p>'),
      page('Contacts', '<p>contacts</p>'),
      page('ContactDetails', '<p>details</p>'),
    ]);
    expect(js).toContain('paths: ["/contact-details", "/ContactDetails"]');
    expect(js).toContain('paths: ["/contacts", "/Contacts"]');
    expect(js).toContain('paths: ["/", "/Home"]');
  });

  it('names the file, line and column of a syntax error', async () => {
    const broken: AppFile = {
      path: 'pages/Broken.tsx',
      content:
        'export default function Broken() {\n  const items = [1, 2;\n  return <div>{items}</div>;\n}\n',
    };
    const result = await compileFail([...templateFiles('X'), broken]);
    expect(result.code).toBe('compile_error');
    expect(result.diagnostics).toEqual([
      {
        file: 'pages/Broken.tsx',
        line: 2,
        column: 22,
        message: 'Expected "]" but found ";"',
        severity: 'error',
      },
    ]);
  });

  it('counts the column in characters, not bytes', async () => {
    const result = await compileFail([page('Home', '<p>héllo ☃</p>; const x = ;')]);
    // `;` is the 36th character of the line (and its 39th byte).
    expect(result.diagnostics[0]).toMatchObject({ file: 'pages/Home.tsx', line: 3, column: 36 });
  });

  it('resolves imports between app files with and without extensions, @/ and index files', async () => {
    const files: AppFile[] = [
      page(
        'Home',
        '<Card title={shout(label)} />',
        [
          "import Card from '../components/Card';",
          "import { shout } from '@/services/text.ts';",
          "import { label } from '../components/widgets';",
          "import { Item } from '@/entities/Item';",
          "import schema from '@/entities/Item.json';",
          'console.log(Item, schema.properties);',
        ].join('\n'),
      ),
      {
        path: 'components/Card.tsx',
        content:
          "import { shout } from '../services/text';\nexport default ({ title }: { title: string }) => <h2>{shout(title)}</h2>;",
      },
      { path: 'components/widgets/index.ts', content: "export const label = 'widgets-index-label';" },
      { path: 'services/text.ts', content: "export const shout = (text: string): string => text + '!';" },
      templateFiles('X').find((file) => file.path === 'entities/Item.json')!,
    ];
    const { js } = await compileOk(files);
    expect(js).toContain('widgets-index-label');
    expect(js).toContain('entities["Item"]');
    expect(js).toMatch(/status: \{\s+type: "string",\s+enum: \[/);
  });

  it('explains an import of a package outside the set, naming what in the set does the job', async () => {
    const result = await compileFail([page('Home', '<p>{axios.name}</p>', "import axios from 'axios';")]);
    expect(result.diagnostics).toEqual([
      {
        file: 'pages/Home.tsx',
        line: 1,
        column: 19,
        message: `"axios" is not available in generated apps. Apps may import their own files (./…, @/…) and these packages: ${describePackages()}. Another npm package must first be named in package.json (the add_package action), which installs it from npm.`,
        severity: 'error',
      },
    ]);
    expect(describePackages()).toMatch(
      /^react, react-dom, react-router, react-router-dom, lucide-react, date-fns, /,
    );
    expect(describePackages()).toContain('framer-motion, motion, sonner, @tanstack/react-query');
    expect(describePackages()).toMatch(/, @radix-ui\/react-\{accordion,alert-dialog,.*,tooltip\}$/);
    // An installed package is refused just the same: the server's node_modules are not the app's.
    const messages = async (specifier: string) =>
      (
        await compileFail([page('Home', '<p>{String(x)}</p>', `import x from '${specifier}';`)])
      ).diagnostics.map((d) => d.message.split('. Apps may import')[0]);
    expect(await messages('hono')).toEqual(['"hono" is not available in generated apps']);
    expect(await messages('react-hot-toast')).toEqual([
      '"react-hot-toast" is not available in generated apps; use "sonner" instead',
    ]);
    expect(await messages('motion')).toEqual([
      '"motion" is not available in generated apps; use "motion/react" or "framer-motion" instead',
    ]);
    expect(await messages('framer-motions')).toEqual([
      '"framer-motions" is not available in generated apps; use "framer-motion" instead',
    ]);
    expect(await messages('three/examples/jsm/controls/NoSuchControls.js')).toEqual([
      '"three/examples/jsm/controls/NoSuchControls.js" is not available in generated apps; use "three" or "three/addons/controls/OrbitControls.js" or "three/addons/loaders/GLTFLoader.js" instead',
    ]);
    expect(await messages('leaflet/dist/leaflet.css')).toEqual([
      '"leaflet/dist/leaflet.css" is the stylesheet of a package the app does not use: name the package in package.json to load it, or style with Tailwind classes (theme and custom CSS go in globals.css).',
    ]);
  });

  it('serves per-function entry points of lodash and date-fns from the modules of the set', async () => {
    const { js } = await compileOk([
      page(
        'Home',
        '<p>{String(debounce)}{format(new Date(0), "yyyy", { locale: fr })}{String(de)}</p>',
        "import debounce from 'lodash/debounce';\nimport { format } from 'date-fns/format';\nimport fr from 'date-fns/locale/fr';\nimport { de } from 'date-fns/locale';",
      ),
    ]);
    expect(js).toMatch(/import \{ debounce as [\w$]+ \} from "lodash";/);
    expect(js).toMatch(/import \{ format(, format as [\w$]+)? \} from "date-fns";/);
    expect(js).toMatch(/import \{ fr, fr as [\w$]+ \} from "date-fns\/locale";/);
    expect(js).not.toMatch(/from "(lodash\/|date-fns\/(?!locale"))/);
  });

  it("serves vite-plugin-pwa's virtual modules as the plugin gives them where no service worker registers", async () => {
    const { js } = await compileOk([
      page(
        'Home',
        '<p>{String(registerSW)}{String(useRegisterSW)}{String(pwaInfo)}</p>',
        "import { registerSW } from 'virtual:pwa-register';\nimport { useRegisterSW } from 'virtual:pwa-register/react';\nimport { pwaInfo } from 'virtual:pwa-info';",
      ),
    ]);
    expect(js).toContain('function registerSW(');
    expect(js).toContain('function useRegisterSW(');
    expect(js).toMatch(/const needRefresh = useState\d*\(false\);/);
    // What the modules do: no callback runs, the update function resolves; the hook's state pairs are false.
    const load = (specifier: string, react = '') =>
      import(
        `data:text/javascript,${encodeURIComponent(pwaVirtualModule(specifier)!.replace("'react'", react))}`
      );
    const { registerSW } = await load('virtual:pwa-register');
    const onNeedRefresh = vi.fn();
    const update = registerSW({ immediate: true, onNeedRefresh, onOfflineReady: onNeedRefresh });
    await expect(update(true)).resolves.toBeUndefined();
    expect(onNeedRefresh).not.toHaveBeenCalled();
    const reactUrl = JSON.stringify(pathToFileURL(createRequire(import.meta.url).resolve('react')).href);
    const { useRegisterSW } = await load('virtual:pwa-register/react', reactUrl);
    let state: { needRefresh: unknown[]; offlineReady: unknown[]; updateServiceWorker: unknown } | undefined;
    renderToString(
      createElement(() => {
        state = useRegisterSW({});
        return null;
      }),
    );
    expect(state?.needRefresh[0]).toBe(false);
    expect(state?.offlineReady[0]).toBe(false);
    expect(typeof state?.needRefresh[1]).toBe('function');
    expect(typeof state?.updateServiceWorker).toBe('function');
  });

  it("bundles any other file of a built-in package from the set's copy, the package itself left to the import map", async () => {
    const { js } = await compileOk([
      page(
        'Home',
        '<p>{String(TrackballControls)}{clamp(5, 0, 1)}</p>',
        "import { TrackballControls } from 'three/examples/jsm/controls/TrackballControls.js';\nimport { clamp } from 'three/src/math/MathUtils.js';",
      ),
    ]);
    expect(js).toMatch(/TrackballControls\d* = class extends|class TrackballControls\d* extends/);
    expect(js).toContain('function clamp(');
    expect(js).toMatch(/from "three";/);
    expect(js).not.toMatch(/from "three\//);
    // Only files inside the package: a path leaving it is refused.
    const outside = await compileFail([
      page('Home', '<p>{String(x)}</p>', "import x from 'three/../../package.json';"),
    ]);
    expect(outside.diagnostics[0]?.message).toMatch(/is not available in generated apps/);
  });

  it('explains an import of a missing app file', async () => {
    const result = await compileFail([page('Home', '<Nope />', "import Nope from '../components/Nope';")]);
    expect(result.diagnostics[0]).toMatchObject({
      file: 'pages/Home.tsx',
      line: 1,
      message:
        'Cannot find "../components/Nope": no app file matches components/Nope(.tsx|.ts|.jsx|.js|.json).',
    });
    // A close name in the folder, or the same name in another folder: the import the model meant.
    const button = { path: 'components/ui/button.jsx', content: 'export const Button = () => null;\n' };
    const typo = await compileFail([
      button,
      page('Home', '<Button />', "import { Button } from '@/components/ui/buton';"),
    ]);
    expect(typo.diagnostics[0]?.message).toBe(
      'Cannot find "@/components/ui/buton": no app file matches components/ui/buton(.tsx|.ts|.jsx|.js|.json). Did you mean "@/components/ui/button"?',
    );
    const folder = await compileFail([
      button,
      page('Home', '<Button />', "import { Button } from '../components/Button';"),
    ]);
    expect(folder.diagnostics[0]?.message).toMatch(/\. Did you mean "\.\.\/components\/ui\/button"\?$/);
  });

  it('refuses to bundle a backend function into the page', async () => {
    const result = await compileFail([
      page('Home', '<p>{String(run)}</p>', "import run from '@/functions/sendDigest';"),
      { path: 'functions/sendDigest.ts', content: 'export default async () => new Response("ok");' },
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      "functions/sendDigest.ts is a backend function and runs on the server: call it with functions.invoke('sendDigest', payload) from '@atelier/app-sdk'.",
    );
  });

  it('says which page lacks a default export', async () => {
    const result = await compileFail([
      { path: 'pages/Home.tsx', content: 'export const Home = () => null;' },
    ]);
    expect(result.diagnostics).toEqual([
      {
        file: 'pages/Home.tsx',
        line: 1,
        column: 1,
        message: 'pages/Home.tsx has no default export: a page must `export default` its component.',
        severity: 'error',
      },
    ]);
  });

  it('reports an invalid entity file at its line and an app without pages', async () => {
    const result = await compileFail([
      { path: 'entities/Item.json', content: '{\n  "type": "object",\n  oops\n}' },
    ]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ file: 'entities/Item.json', line: 3, column: 3, severity: 'error' }),
      expect.objectContaining({ file: undefined, message: expect.stringContaining('The app has no pages') }),
    ]);
  });

  it('refuses more files than the limit with a clear error, without building', async () => {
    const builds = compiler.stats.builds;
    const files = Array.from({ length: MAX_APP_FILES + 1 }, (_, i) => page(`P${i}`, 'null'));
    const result = await compileFail(files);
    expect(result.code).toBe('input_rejected');
    expect(result.diagnostics).toEqual([
      {
        file: undefined,
        line: 1,
        column: 1,
        message: 'The app has 1001 files; the limit is 1000 files.',
        severity: 'error',
      },
    ]);
    expect(compiler.stats.builds).toBe(builds);
  });

  it('refuses a tree over the total size with a clear error', async () => {
    const chunk = `// ${'x'.repeat(250 * 1024)}\n`;
    const files = Array.from({ length: 33 }, (_, i) => ({ path: `components/C${i}.ts`, content: chunk }));
    expect(33 * chunk.length).toBeGreaterThan(MAX_APP_TOTAL_BYTES);
    const result = await compileFail([page('Home', 'null'), ...files]);
    expect(result.code).toBe('input_rejected');
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(/^The app's files add up to 8\.1 MB; the limit is 8 MB\.$/),
    ]);
  });

  it('serves a cached version without rebuilding, by content hash or given version hash', async () => {
    const files = templateFiles('Cache test');
    const first = await compileOk(files);
    const builds = compiler.stats.builds;
    const again = await compileOk([...files].reverse());
    expect(compiler.stats.builds).toBe(builds);
    expect(again.timings.cached).toBe(true);
    expect(again.js).toBe(first.js);
    expect(again.css).toBe(first.css);

    const byVersion = await compileOk(files.map((file) => ({ ...file })));
    expect(byVersion.hash).toBe(first.hash);
    await compiler.compile(files, { versionHash: 'v-123' });
    expect(compiler.stats.builds).toBe(builds + 1);
    await compiler.compile(files, { versionHash: 'v-123' });
    expect(compiler.stats.builds).toBe(builds + 1);
  });

  it('shares one build between concurrent compiles of the same version', async () => {
    const files = templateFiles('Concurrent');
    const builds = compiler.stats.builds;
    const [a, b] = await Promise.all([compiler.compile(files), compiler.compile(files)]);
    expect(compiler.stats.builds).toBe(builds + 1);
    expect(a.ok && b.ok && a.js === b.js).toBe(true);
  });

  it('rebuilds after a one-file edit with the edit in the output', async () => {
    const files = templateFiles('Edit');
    await compileOk(files);
    const edited = files.map((file) =>
      file.path === 'pages/Home.tsx'
        ? { ...file, content: file.content.replace('Add item', 'Add a thing') }
        : file,
    );
    const result = await compileOk(edited);
    expect(result.js).toContain('Add a thing');
    expect(result.js).not.toContain('Add item');
  });
});

describe('compile CSS', () => {
  it('contains the Tailwind classes a page uses, arbitrary values included, and not unused ones', async () => {
    const { css } = await compileOk([
      page('Home', '<div className="grid-cols-7 bg-emerald-700 w-[37px] md:hidden">x</div>'),
    ]);
    expect(css).toContain('.grid-cols-7');
    expect(css).toContain('.bg-emerald-700');
    expect(css).toContain('.w-\\[37px\\]');
    expect(css).toMatch(/@media \(width >= 48rem\)[\s\S]*\.md\\:hidden/);
    expect(css).not.toContain('.bg-fuchsia-900');
  });

  it("builds a one-file edit's CSS from the edited file's classes: every rule a fresh compiler writes", async () => {
    const other = page('Other', '<div className="m-7 text-sky-800">y</div>');
    await compileOk([page('Home', '<div className="p-9">x</div>'), other]);
    const edited = [page('Home', '<div className="p-9 bg-lime-600">x</div>'), other];
    const warm = await compileOk(edited);
    const fresh = createCompiler();
    try {
      const cold = await fresh.compile(edited);
      if (!cold.ok) throw new Error('the fresh compile failed');
      const selectors = (css: string) => new Set(css.match(/^\s*\.[^\s{,]+/gm)?.map((line) => line.trim()));
      const warmSelectors = selectors(warm.css);
      expect([...selectors(cold.css)].filter((selector) => !warmSelectors.has(selector))).toEqual([]);
      for (const name of ['.bg-lime-600', '.m-7', '.text-sky-800', '.p-9']) expect(warm.css).toContain(name);
    } finally {
      await fresh.dispose();
    }
  });

  it("applies the app's globals.css: its @theme wins over the UI kit's tokens, and @apply works", async () => {
    const { css } = await compileOk([
      page('Home', '<div className="bg-primary text-brand">x</div>'),
      {
        path: 'globals.css',
        content:
          '@import "tailwindcss";\n@theme { --color-primary: #ff0066; --color-brand: #123456; }\nh1 { @apply text-3xl; }\n',
      },
    ]);
    expect(css).toContain('--color-primary: #ff0066');
    expect(css).not.toContain('--color-primary: oklch');
    expect(css).toContain('.text-brand');
    expect(css).toMatch(/h1 \{\s*font-size: var\(--text-3xl\)/);
  });

  it('includes the classes of the UI kit components', async () => {
    const { css } = await compileOk([page('Home', '<p>x</p>')]);
    expect(css).toContain('.rounded-xl'); // Card
    expect(css).toContain('.bg-primary'); // Button
  });

  it('refuses @plugin and @config, which would run code on the server', async () => {
    const result = await compileFail([
      page('Home', '<p>x</p>'),
      { path: 'globals.css', content: '@plugin "./evil.js";\n' },
    ]);
    expect(result.diagnostics).toEqual([
      {
        file: 'globals.css',
        line: 1,
        column: 10,
        message: '"./evil.js" cannot be loaded: globals.css may not use @plugin or @config.',
        severity: 'error',
      },
    ]);
  });

  it('names the line of a CSS syntax error in globals.css', async () => {
    const result = await compileFail([
      page('Home', '<p>x</p>'),
      { path: 'globals.css', content: '@import "tailwindcss";\n\nbody {\n  color: red;\n' },
    ]);
    expect(result.diagnostics).toEqual([
      { file: 'globals.css', line: 3, column: 1, message: 'Missing closing } at body', severity: 'error' },
    ]);
  });

  it('hands the web font stylesheets globals.css imports over https to the page, out of the CSS', async () => {
    const { css, webStylesheets } = await compileOk([
      page('Home', '<p className="font-bold">x</p>'),
      {
        path: 'globals.css',
        content: [
          'body { margin: 0; }',
          "@import url('https://fonts.googleapis.com/css2?family=Inter&display=swap');",
          '@import "https://fonts.googleapis.com/css2?family=Lora" screen;',
          "@import url('http://fonts.example.com/plain.css');",
          '',
        ].join('\n'),
      },
    ]);
    // An @import after Tailwind's rules would be ignored: the page links them itself (html.ts).
    expect(webStylesheets).toEqual([
      { href: 'https://fonts.googleapis.com/css2?family=Inter&display=swap' },
      { href: 'https://fonts.googleapis.com/css2?family=Lora', media: 'screen' },
    ]);
    expect(css).not.toContain('fonts.googleapis.com');
    expect(css).toContain('font-weight');
    // Only https: a plain-http stylesheet is not taken.
    expect(css).toContain('http://fonts.example.com/plain.css');
  });

  it('reports a globals.css import that is not tailwindcss', async () => {
    const result = await compileFail([
      page('Home', '<p>x</p>'),
      { path: 'globals.css', content: '/* theme */\n@import "./other.css";\n' },
    ]);
    expect(result.diagnostics).toEqual([
      {
        file: 'globals.css',
        line: 2,
        column: 10,
        message: '@import "./other.css" is not available: globals.css may import only "tailwindcss".',
        severity: 'error',
      },
    ]);
  });
});
