/**
 * vite-plugin-pwa's virtual modules (`virtual:pwa-register`, its React, Preact, Solid, Svelte and
 * Vue variants, `virtual:pwa-info`, `virtual:pwa-assets/head|icons`), which Vite apps import and
 * no package holds. Atelier has no service worker and no offline mode, so each is the module the
 * plugin itself gives where none registers (PWA disabled: its `src/client/dev/*.ts`):
 * `registerSW(options)` returns an update function that does nothing and calls no callback;
 * `useRegisterSW` returns the `needRefresh` / `offlineReady` state pairs (false) in its
 * framework's own state (a framework other than React resolves only when the app's package.json
 * names it) and that function; `pwaInfo` is undefined; the assets are empty.
 */
const REGISTER =
  'export function registerSW(_options = {}) {\n  return async (_reloadPage = true) => {};\n}\n';

const hook = (from: string, state: string) =>
  [
    `import { ${state} } from '${from}';`,
    '',
    'export function useRegisterSW(_options = {}) {',
    `  const needRefresh = ${state}(false);`,
    `  const offlineReady = ${state}(false);`,
    '  const updateServiceWorker = (_reloadPage) => {};',
    '  return { needRefresh, offlineReady, updateServiceWorker };',
    '}',
    '',
  ].join('\n');

const MODULES: Record<string, string> = {
  'virtual:pwa-register': REGISTER,
  'virtual:pwa-register/react': hook('react', 'useState'),
  'virtual:pwa-register/preact': hook('preact/hooks', 'useState'),
  'virtual:pwa-register/solid': hook('solid-js', 'createSignal'),
  'virtual:pwa-register/svelte': hook('svelte/store', 'writable'),
  'virtual:pwa-register/vue': hook('vue', 'ref'),
  'virtual:pwa-info': 'export const pwaInfo = undefined;\n',
  'virtual:pwa-assets/head': 'export const pwaAssetsHead = { links: [], themeColor: undefined };\n',
  'virtual:pwa-assets/icons':
    'export const pwaAssetsIcons = { favicon: {}, transparent: {}, maskable: {}, apple: {}, appleSplashScreen: {} };\n',
};

/** Matches every specifier of the plugin's virtual modules (and any other `virtual:pwa-…`, refused). */
export const PWA_VIRTUAL_SPECIFIER = /^virtual:pwa-/;

/** The module a vite-plugin-pwa virtual import stands for, or undefined for a name the plugin lacks. */
export function pwaVirtualModule(specifier: string): string | undefined {
  return Object.hasOwn(MODULES, specifier) ? MODULES[specifier] : undefined;
}
