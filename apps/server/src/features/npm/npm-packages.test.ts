import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeNpmRegistry,
  packTarball,
  startFakeNpmRegistry,
} from '../../../test/support/fake-npm-registry.mjs';
import { bundleSpecifier } from './npm-bundle.ts';
import { NPM_LIMITS, NpmPackageError } from './npm-limits.ts';
import { bareImports, createNpmPackages, parseNpmSpecifier } from './npm-packages.ts';
import { createRegistryClient } from './registry.ts';
import { resolveTree } from './resolve-tree.ts';

const esm = (code: string, extra: Record<string, unknown> = {}) => ({
  files: { 'index.mjs': code },
  manifest: { main: 'index.mjs', type: 'module', ...extra },
});

let registry: FakeNpmRegistry;
let cacheDir: string;
/** Where tiny-scripted's install scripts would write, had they run. */
const scriptMarker = path.join(os.tmpdir(), `atelier-npm-script-ran-${process.pid}`);

beforeAll(async () => {
  registry = await startFakeNpmRegistry({
    'tiny-greet': {
      '1.0.0': esm('export const greet = (n) => "hi " + n;'),
      '1.4.0': {
        ...esm(
          'import { shout } from "tiny-shout"; export const greet = (n) => shout("hello " + n); export default greet;',
        ),
        dependencies: { 'tiny-shout': '^1.0.0' },
      },
      '2.0.0': esm('export const greet = () => "v2";'),
    },
    'tiny-shout': {
      '0.9.0': esm('export const shout = (s) => s + "?";'),
      '1.0.1': esm('export const shout = (s) => s.toUpperCase() + "!";'),
    },
    // An install script in every lifecycle slot npm runs on install.
    'tiny-scripted': {
      '1.0.0': {
        files: {
          'index.js': 'exports.ok = true;',
          'install.js': `require("fs").writeFileSync(${JSON.stringify(scriptMarker)}, "ran");`,
        },
        manifest: {
          main: 'index.js',
          scripts: {
            preinstall: 'node install.js',
            install: 'node install.js',
            postinstall: 'node install.js',
          },
        },
      },
    },
    'tiny-cjs': {
      '3.1.0': {
        files: { 'index.js': 'exports.add = (a, b) => a + b; exports.PI = 3.14; module.exports.delete = 1;' },
        manifest: { main: 'index.js' },
      },
    },
    'tiny-react-widget': {
      '1.0.0': {
        ...esm('import { useState } from "react"; export function useCount() { return useState(0); }'),
        peerDependencies: { react: '^18 || ^19' },
      },
    },
    // zustand's CommonJS build, in short.
    'tiny-cjs-react': {
      '1.0.0': {
        files: { 'index.js': 'const React = require("react"); exports.useCount = () => React.useState(0);' },
        manifest: { main: 'index.js' },
        peerDependencies: { react: '^18 || ^19' },
      },
    },
    // react-quill's shape: TypeScript's CommonJS output takes React's default export.
    'tiny-cjs-react-default': {
      '1.0.0': {
        files: {
          'index.js':
            'var __importDefault = (m) => (m && m.__esModule ? m : { default: m }); var react_1 = __importDefault(require("react")); exports.Base = class extends react_1.default.Component {};',
        },
        manifest: { main: 'index.js' },
        peerDependencies: { react: '^18 || ^19' },
      },
    },
    // leaflet's shape: a stylesheet pointing at an image beside it, and one importing another package's.
    'tiny-map': {
      '1.0.0': {
        files: {
          'index.js': 'exports.map = 1;',
          'dist/map.css': '.tiny-map { background: url(images/tile.png); letter-spacing: 3px; }',
          'dist/images/tile.png': 'PNG',
          'dist/themed.css': '@import "tiny-theme/theme.css";\n.tiny-map { color: red; }',
          'dist/huge.css': `.x { content: "${'x'.repeat(2_000_001)}"; }`,
        },
        manifest: { main: 'index.js' },
        dependencies: { 'tiny-theme': '^1.0.0' },
      },
    },
    'tiny-node-path': {
      '1.0.0': esm(
        'import { spawn } from "child_process"; export const canSpawn = () => typeof spawn === "function";',
      ),
    },
    // firebase's shape: entry points sharing a registry that must be one per page.
    'tiny-family': {
      '1.0.0': {
        files: {
          'registry.js': 'export const registry = new Map(); registry.set("shared", "registry code");',
          'app.js':
            'import { registry } from "./registry.js"; export const initApp = () => registry.set("app", 1);',
          'auth.js':
            'import { registry } from "./registry.js"; export const getAuth = () => registry.get("app");',
        },
        manifest: { type: 'module', exports: { './app': './app.js', './auth': './auth.js' } },
      },
    },
    // An older firebase's shape: the root pins its core (@firebase/app 0.10.13), a plugin of it
    // (@firebase/analytics) names the core only as a peer whose range the newest core fits too.
    'tiny-core': {
      '1.0.0': esm('export const registry = "core 1";'),
      '1.5.0': esm('export const registry = "core 1.5";'),
    },
    'tiny-plugin': {
      '1.0.0': {
        ...esm('export { registry } from "tiny-core";'),
        peerDependencies: { 'tiny-core': '^1.0.0' },
      },
    },
    'tiny-suite': {
      '1.0.0': {
        ...esm('export { registry } from "tiny-core"; export { registry as plugged } from "tiny-plugin";'),
        dependencies: { 'tiny-plugin': '1.0.0', 'tiny-core': '1.0.0' },
      },
    },
    // @pmndrs/xr's shape: a dependency importing a package it does not declare, hoisted beside it by npm.
    'tiny-hoisting': {
      '1.0.0': {
        ...esm('export { loud } from "tiny-undeclared";'),
        dependencies: { 'tiny-undeclared': '^1.0.0', 'tiny-shout': '^1.0.0' },
      },
    },
    // react-quill's and @react-three/xr's shape: files below the entry points of built-in packages.
    'tiny-deep-built-ins': {
      '1.0.0': {
        ...esm(
          'import isEqual from "lodash/isEqual"; import { clamp } from "three/src/math/MathUtils.js"; import { Vector3 } from "three"; export const same = (a, b) => isEqual(a, b); export const limit = (n) => clamp(n, 0, 1); export const V = Vector3;',
        ),
        peerDependencies: { three: '*' },
      },
    },
    'tiny-undeclared': { '1.0.0': esm('import { shout } from "tiny-shout"; export const loud = shout;') },
    'tiny-theme': { '1.0.0': { files: { 'index.js': '', 'theme.css': ':root { --tiny: 1; }' } } },
    'tiny-native': { '1.0.0': { files: { 'index.js': '', 'binding.gyp': '{}' } } },
    // A tool's native dependency the page never loads (@react-three/xr's dprint-node).
    'tiny-with-native-tool': {
      '1.0.0': { ...esm('export const ok = 1;'), dependencies: { 'tiny-native': '^1.0.0' } },
    },
    // fabric 5: optional Node-only dependencies (jsdom, canvas) whose own trees pass the limits.
    'tiny-optional-deep': {
      '1.0.0': {
        ...esm(
          'import { JSDOM } from "tiny-deep-0"; import { shout } from "tiny-shout"; export const ok = () => shout(typeof JSDOM);',
          { browser: { 'tiny-deep-0': false } },
        ),
        optionalDependencies: { 'tiny-deep-0': '^1.0.0', 'tiny-shout': '^1.0.0' },
      },
    },
    ...Object.fromEntries(
      Array.from({ length: NPM_LIMITS.maxTreeDepth + 1 }, (_, i) => [
        `tiny-deep-${i}`,
        { '1.0.0': { ...esm(''), dependencies: { [`tiny-deep-${i + 1}`]: '^1.0.0' } } },
      ]),
    ),
    'tiny-bomb': {
      '1.0.0': { files: { 'index.js': '', 'zeros.txt': '\0'.repeat(NPM_LIMITS.maxUnpackedBytes + 1024) } },
    },
    'tiny-tampered': { '1.0.0': esm('export const x = 1;') },
    'tiny-escape': {
      '1.0.0': esm(
        `export { default as pkg } from ${JSON.stringify(path.resolve('apps/server/package.json'))};`,
      ),
    },
  });
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-npm-test-'));
});

afterAll(async () => {
  await registry.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

const npm = () => createNpmPackages({ cacheDir, registryUrl: registry.url });

describe('resolution', () => {
  it('picks the latest tag when it matches the range, else the highest match, and follows dependencies', async () => {
    const client = createRegistryClient(registry.url);
    const latest = await resolveTree(client, 'tiny-greet', '^1.0.0 || ^2.0.0', { provided: new Set() });
    expect(latest.root).toBe('tiny-greet@2.0.0');
    const tree = await resolveTree(client, 'tiny-greet', '~1.4', { provided: new Set() });
    expect(tree.root).toBe('tiny-greet@1.4.0');
    expect(Object.keys(tree.packages).sort()).toEqual(['tiny-greet@1.4.0', 'tiny-shout@1.0.1']);
    expect(tree.packages['tiny-greet@1.4.0']!.dependencies).toEqual({ 'tiny-shout': '1.0.1' });
    const widget = await resolveTree(client, 'tiny-react-widget', '1', { provided: new Set(['react']) });
    expect(Object.keys(widget.packages)).toEqual(['tiny-react-widget@1.0.0']);
    expect(widget.packages['tiny-react-widget@1.0.0']!.integrity).toMatch(/^sha512-/);
  });

  it('leaves out an optional dependency whose own tree cannot be had, with all it brought', async () => {
    const client = createRegistryClient(registry.url);
    const tree = await resolveTree(client, 'tiny-optional-deep', '1', { provided: new Set() });
    expect(Object.keys(tree.packages).sort()).toEqual(['tiny-optional-deep@1.0.0', 'tiny-shout@1.0.1']);
    expect(tree.packages['tiny-optional-deep@1.0.0']!.dependencies).toEqual({ 'tiny-shout': '1.0.1' });
  });

  it("prefers the versions the app's lock file installed while they satisfy the ranges, else the newest match", async () => {
    const client = createRegistryClient(registry.url);
    const preferred = new Map([
      ['tiny-greet', '1.0.0'],
      ['tiny-shout', '0.9.0'], // outside tiny-greet 1.4's ^1.0.0
    ]);
    const old = await resolveTree(client, 'tiny-greet', '^1.0.0', { provided: new Set(), preferred });
    expect(old.root).toBe('tiny-greet@1.0.0');
    const pinned = await resolveTree(client, 'tiny-greet', '^1.0.0', {
      provided: new Set(),
      preferred: new Map([['tiny-greet', '1.4.0'], ...[...preferred].slice(1)]),
    });
    expect(Object.keys(pinned.packages).sort()).toEqual(['tiny-greet@1.4.0', 'tiny-shout@1.0.1']);
    // A version unpublished since (the lock's 1.9.9) falls back to the range's newest match.
    const gone = await resolveTree(client, 'tiny-greet', '^1.0.0', {
      provided: new Set(),
      preferred: new Map([['tiny-greet', '1.9.9']]),
    });
    expect(gone.root).toBe('tiny-greet@1.4.0');
  });

  it('names the package and why when it cannot be resolved', async () => {
    const client = createRegistryClient(registry.url);
    await expect(resolveTree(client, 'no-such-pkg', '1', { provided: new Set() })).rejects.toThrow(
      'Cannot use the npm package "no-such-pkg": it does not exist in the npm registry.',
    );
    await expect(resolveTree(client, 'tiny-greet', '^9', { provided: new Set() })).rejects.toThrow(
      'no published version matches "^9"',
    );
    await expect(resolveTree(client, 'tiny-greet', 'github:a/b', { provided: new Set() })).rejects.toThrow(
      'is not a version or a range',
    );
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const offline = createRegistryClient(`http://127.0.0.1:${port}`);
    await expect(resolveTree(offline, 'tiny-greet', '1', { provided: new Set() })).rejects.toThrow(
      /"tiny-greet": the npm registry cannot be reached \(ECONNREFUSED\)/,
    );
  });

  it('refuses a dependency chain deeper than the limit, naming the package asked for', async () => {
    const chain: Parameters<typeof startFakeNpmRegistry>[0] = {};
    for (let i = 0; i <= NPM_LIMITS.maxTreeDepth + 1; i++) {
      chain[`chain-${i}`] = {
        '1.0.0': { files: { 'index.js': '' }, dependencies: { [`chain-${i + 1}`]: '1' } },
      };
    }
    chain[`chain-${NPM_LIMITS.maxTreeDepth + 2}`] = { '1.0.0': { files: { 'index.js': '' } } };
    const deep = await startFakeNpmRegistry(chain);
    try {
      await expect(
        resolveTree(createRegistryClient(deep.url), 'chain-0', '1', { provided: new Set() }),
      ).rejects.toThrow(
        'Cannot use the npm package "chain-0": its dependency chain is deeper than 12 levels',
      );
    } finally {
      await deep.close();
    }
  });

  it('parses npm: specifiers and finds the bare imports of a module', () => {
    expect(parseNpmSpecifier('zod')).toEqual({ name: 'zod', range: 'latest', subpath: '' });
    expect(parseNpmSpecifier('date-fns@^4/locale')).toEqual({
      name: 'date-fns',
      range: '^4',
      subpath: '/locale',
    });
    expect(parseNpmSpecifier('@scope/pkg@1.2.3/sub/x')).toEqual({
      name: '@scope/pkg',
      range: '1.2.3',
      subpath: '/sub/x',
    });
    expect(parseNpmSpecifier('@scope/pkg')).toEqual({ name: '@scope/pkg', range: 'latest', subpath: '' });
    const js =
      'import { a } from "tiny-a";\nimport "tiny-b/side";\nexport * from "tiny-c";\nimport x from "./local";\nconst m = import("tiny-d");';
    expect(bareImports(js)).toEqual(['tiny-a', 'tiny-b/side', 'tiny-c', 'tiny-d']);
  });
});

describe('install and bundle', () => {
  it('bundles an ES module package with React left to the import map, once', async () => {
    const packages = npm();
    const bundle = await packages.resolveNpmModule('tiny-react-widget@1', { target: 'browser' });
    expect(bundle.exports).toEqual(['useCount']);
    expect(bundle.imports).toEqual(['react']);
    expect(bundle.code).toContain('from"react"');
    expect(packages.bundle(bundle.key)?.code).toBe(bundle.code);
    const tarballs = registry.requests.filter((request) => request.endsWith('.tgz')).length;
    const again = await npm().resolveNpmModule('tiny-react-widget@1', { target: 'browser' });
    expect(again.key).toBe(bundle.key);
    expect(registry.requests.filter((request) => request.endsWith('.tgz')).length).toBe(tarballs);
  });

  it("gives a CommonJS package's require of React the page's shared copy", async () => {
    const bundle = await npm().resolveNpmModule('tiny-cjs-react@1', { target: 'browser' });
    expect(bundle.imports).toEqual(['react']);
    expect(bundle.code).toContain('from"react"');
    expect(bundle.code).not.toContain('Dynamic require');
    // With React's default export, which TypeScript's CommonJS output reads.
    const withDefault = await npm().resolveNpmModule('tiny-cjs-react-default', { target: 'browser' });
    const react = `data:text/javascript,${encodeURIComponent('export class Component {} export default { Component };')}`;
    const mod = await import(
      `data:text/javascript,${encodeURIComponent(withDefault.code.replaceAll('"react"', JSON.stringify(react)))}`
    );
    expect(new mod.Base()).toBeInstanceOf(Object);
    expect(Object.getPrototypeOf(mod.Base).name).toBe('Component');
  });

  it('bundles a package with its dependencies at the versions its tree pinned', async () => {
    const bundle = await npm().resolveNpmModule('tiny-greet@~1.4', { target: 'isolate' });
    expect(bundle.exports).toEqual(['default', 'greet']);
    const mod = await import(`data:text/javascript,${encodeURIComponent(bundle.code)}`);
    expect(mod.greet('ada')).toBe('HELLO ADA!');
  });

  it('installs a package with install scripts without running them', async () => {
    const bundle = await npm().resolveNpmModule('tiny-scripted@1', { target: 'browser' });
    expect(bundle.exports).toContain('ok');
    // Installed (content/{hex[0..2]}/{hex}/, install.js beside index.js), never run.
    const installed = fs
      .readdirSync(cacheDir, { recursive: true, encoding: 'utf8' })
      .filter((file) =>
        /(^|\/)content\/[0-9a-f]{2}\/[0-9a-f]+\/install\.js$/.test(file.split(path.sep).join('/')),
      );
    expect(installed).toHaveLength(1);
    expect(fs.existsSync(scriptMarker)).toBe(false);
  });

  it('gives CommonJS packages their named exports without running them', async () => {
    const bundle = await npm().resolveNpmModule('tiny-cjs', { target: 'isolate' });
    expect(bundle.exports).toEqual(['PI', 'add', 'default', 'delete']);
    const mod = await import(`data:text/javascript,${encodeURIComponent(bundle.code)}`);
    expect(mod.add(2, 3)).toBe(5);
    expect(mod.default.PI).toBe(3.14);
  });

  it("serves a package's stylesheet as a module adding it to the page: images inlined, @import followed, size bounded", async () => {
    const bundle = await npm().resolveNpmModule('tiny-map@1/dist/map.css', { target: 'browser' });
    expect(bundle.exports).toEqual(['default']);
    expect(bundle.imports).toEqual([]);
    const added: { dataset: Record<string, string>; textContent: string }[] = [];
    const head = {
      insertBefore: (style: (typeof added)[number]) => added.push(style),
      querySelector: () => null,
    };
    const document = { head, createElement: () => ({ dataset: {}, textContent: '' }) };
    Object.assign(globalThis, { document });
    try {
      const mod = await import(`data:text/javascript,${encodeURIComponent(bundle.code)}`);
      expect(added).toHaveLength(1);
      expect(added[0]!.dataset.packageCss).toBe('tiny-map/dist/map.css');
      expect(added[0]!.textContent).toBe(mod.default);
      expect(mod.default).toMatch(
        /^@layer atelier-packages\{\.tiny-map\{background:url\(data:image\/png,PNG\);letter-spacing:3px\}/,
      );
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
    const themed = await npm().resolveNpmModule('tiny-map@1/dist/themed.css', { target: 'browser' });
    expect(themed.code).toContain(':root{--tiny: 1}');
    await expect(npm().resolveNpmModule('tiny-map@1/dist/huge.css', { target: 'browser' })).rejects.toThrow(
      'its stylesheet is 2.0 MB once bundled (at most 2 MB)',
    );
  });

  it("bundles a package's entry points a page imports together, their shared code in one common module", async () => {
    const packages = npm();
    const siblings = ['tiny-family/app', 'tiny-family/auth'];
    const [app, auth] = await Promise.all(
      siblings.map((specifier) => packages.resolveNpmModule(specifier, { target: 'browser' })),
    );
    // Alone, each holds its own copy of the registry.
    expect(app!.code).toContain('registry code');
    expect(auth!.code).toContain('registry code');
    const store = packages.store!;
    const tree = await resolveTree(createRegistryClient(registry.url), 'tiny-family', '1', {
      provided: new Set(),
    });
    const options = {
      target: 'browser' as const,
      externalSpecifiers: new Set<string>(),
      externalPackages: new Set<string>(),
      siblings,
    };
    const together = await bundleSpecifier(store, 'tiny-family/auth', tree, options);
    expect(together.exports).toEqual(['getAuth']);
    expect(together.code).not.toContain('registry code');
    const chunk = /from"\.\/([a-f0-9]{32})\.js"/.exec(together.code)?.[1];
    expect(packages.bundle(chunk!)?.code).toContain('registry code');
    const sibling = await bundleSpecifier(store, 'tiny-family/app', tree, options);
    expect(sibling.code).toContain(`./${chunk}.js`);
    expect(sibling.exports).toEqual(['initApp']);
  });

  it("gives a package's peer the copy its dependent installs, not a newer one of its own (one firebase registry)", async () => {
    const tree = await resolveTree(createRegistryClient(registry.url), 'tiny-suite', '1', {
      provided: new Set(),
    });
    expect(tree.packages['tiny-plugin@1.0.0']?.dependencies).toEqual({ 'tiny-core': '1.0.0' });
    expect(Object.keys(tree.packages).filter((id) => id.startsWith('tiny-core@'))).toEqual([
      'tiny-core@1.0.0',
    ]);
    const bundle = await npm().resolveNpmModule('tiny-suite', { target: 'isolate' });
    const mod = await import(`data:text/javascript,${encodeURIComponent(bundle.code)}`);
    expect([mod.registry, mod.plugged]).toEqual(['core 1', 'core 1']);
  });

  it('resolves an import a package does not declare to the copy its tree installed, as npm hoists it', async () => {
    const bundle = await npm().resolveNpmModule('tiny-hoisting', { target: 'isolate' });
    const mod = await import(`data:text/javascript,${encodeURIComponent(bundle.code)}`);
    expect(mod.loud('hi')).toBe('HI!');
  });

  it("bundles the files below a built-in package's entry points from the set's copy, the package itself left to the import map", async () => {
    const bundle = await npm().resolveNpmModule('tiny-deep-built-ins', { target: 'browser' });
    expect(bundle.imports).toEqual(['three']);
    // The page's import map gives `three`; here a stand-in does.
    const code = bundle.code.replace(/from\s*"three"/, `from "data:text/javascript,export class Vector3 {}"`);
    const mod = await import(`data:text/javascript,${encodeURIComponent(code)}`);
    expect(mod.same({ a: [1] }, { a: [1] })).toBe(true);
    expect(mod.limit(5)).toBe(1);
  });

  it('gives a Node built-in a browser bundle reaches an empty module, as Vite does', async () => {
    const bundle = await npm().resolveNpmModule('tiny-node-path', { target: 'browser' });
    expect(bundle.imports).toEqual([]);
    const mod = await import(`data:text/javascript,${encodeURIComponent(bundle.code)}`);
    expect(mod.canSpawn()).toBe(false);
  });

  it('gives an optional dependency left out that the browser field maps away an empty module', async () => {
    const bundle = await npm().resolveNpmModule('tiny-optional-deep', { target: 'browser' });
    const mod = await import(`data:text/javascript,${encodeURIComponent(bundle.code)}`);
    expect(mod.ok()).toBe('UNDEFINED!');
  });

  it('refuses a tampered tarball, a native addon and a package past the unpacked limit', async () => {
    registry.corrupt('tiny-tampered@1.0.0');
    await expect(npm().resolveNpmModule('tiny-tampered', { target: 'browser' })).rejects.toThrow(
      'Cannot use the npm package "tiny-tampered": tiny-tampered@1.0.0: the download does not match its sha512 integrity',
    );
    await expect(npm().resolveNpmModule('tiny-native', { target: 'browser' })).rejects.toThrow(
      'tiny-native@1.0.0 is a native addon',
    );
    // Below a package the app names, a native addon is installed without its native files.
    const withTool = await npm().resolveNpmModule('tiny-with-native-tool', { target: 'browser' });
    expect(withTool.exports).toEqual(['ok']);
    await expect(npm().resolveNpmModule('tiny-bomb', { target: 'browser' })).rejects.toThrow(
      `tiny-bomb@1.0.0 unpacks to more than ${NPM_LIMITS.maxUnpackedBytes / 1024 / 1024} MB (the limit).`,
    );
    await expect(npm().resolveNpmModule('tiny-escape', { target: 'browser' })).rejects.toThrow(
      'Cannot use the npm package "tiny-escape": it cannot be bundled for the browser: package.json is outside the package',
    );
    const error = await npm()
      .resolveNpmModule('tiny-native', { target: 'browser' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NpmPackageError);
    expect((error as NpmPackageError).packageName).toBe('tiny-native');
  });

  it('is off without a registry', async () => {
    const off = createNpmPackages({ cacheDir, registryUrl: undefined });
    await expect(off.resolveNpmModule('tiny-cjs', { target: 'browser' })).rejects.toThrow(
      'npm packages are turned off',
    );
  });
});

it('packs tarballs the reader accepts', () => {
  expect(packTarball({ 'a.js': '1' }).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
});
