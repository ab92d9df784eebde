import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * A package's stylesheet that an app imports (`import 'leaflet/dist/leaflet.css'`,
 * `import 'react-day-picker/dist/style.css'`): bundled by esbuild (its `@import`s followed, the
 * images and fonts it points at inlined as data URLs) and served as a JavaScript module that adds
 * the CSS to the page when imported, as Vite does.
 *
 * At most 2 MB once bundled: the stylesheets real apps import are far smaller (leaflet's is 15 kB,
 * mapbox-gl's 40 kB, react-day-picker's 8 kB); KaTeX's, with its fonts inlined, is the large
 * one at about 1.3 MB. A bigger one is refused rather than slowing every page load.
 */
export const PACKAGE_CSS_MAX_BYTES = 2_000_000;

/** The CSS layer package stylesheets go into: below Tailwind's, so the app's classes win, as when Vite puts index.css after them. */
const LAYER = 'atelier-packages';

const ASSET_LOADERS = Object.fromEntries(
  [
    '.png',
    '.jpg',
    '.jpeg',
    '.gif',
    '.webp',
    '.avif',
    '.svg',
    '.cur',
    '.woff',
    '.woff2',
    '.ttf',
    '.otf',
    '.eot',
  ].map((extension) => [extension, 'dataurl' as const]),
);

/** Is this import specifier a stylesheet (`pkg/dist/style.css`, `pkg/style.css?inline`)? */
export const isStylesheetSpecifier = (specifier: string) => /\.css(?:\?[^/]*)?$/i.test(specifier);

/**
 * Bundles the stylesheet `entry` resolves to (`plugins` decide what it may reach) into one CSS text,
 * within PACKAGE_CSS_MAX_BYTES; throws with the reason otherwise.
 */
export async function bundlePackageCss(
  entry: string,
  { absWorkingDir, plugins = [] }: { absWorkingDir: string; plugins?: Plugin[] },
): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    outfile: 'package.css',
    bundle: true,
    write: false,
    minify: true,
    charset: 'utf8',
    conditions: ['style'],
    loader: { '.css': 'css', ...ASSET_LOADERS },
    absWorkingDir,
    plugins,
    logLevel: 'silent',
  });
  const css = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text ?? '';
  if (css.length > PACKAGE_CSS_MAX_BYTES) {
    throw new Error(
      `its stylesheet is ${(css.length / 1e6).toFixed(1)} MB once bundled (at most ${PACKAGE_CSS_MAX_BYTES / 1e6} MB)`,
    );
  }
  return css;
}

const cached = new Map<string, Promise<string>>();

/**
 * A stylesheet of a package installed with the server (the built-in set's, `react-day-picker/style.css`),
 * bundled once per process. It may reach only files of installed packages.
 */
export function installedPackageCss(specifier: string, serverDir: string): Promise<string> {
  let css = cached.get(specifier);
  if (!css) {
    const plugin: Plugin = {
      name: 'atelier-package-css',
      setup(b) {
        b.onResolve({ filter: /^package-css-entry$/ }, () => ({ path: specifier, namespace: 'package-css' }));
        b.onLoad({ filter: /.*/, namespace: 'package-css' }, () => ({
          contents: `@import ${JSON.stringify(specifier)};`,
          loader: 'css',
          resolveDir: serverDir,
        }));
        b.onLoad({ filter: /.*/, namespace: 'file' }, (args) =>
          args.path.includes(`${path.sep}node_modules${path.sep}`)
            ? undefined
            : { errors: [{ text: `${path.basename(args.path)} is not a file of a package` }] },
        );
      },
    };
    css = bundlePackageCss('package-css-entry', { absWorkingDir: serverDir, plugins: [plugin] });
    css.catch(() => cached.delete(specifier));
    cached.set(specifier, css);
  }
  return css;
}

/**
 * The module an imported stylesheet becomes: it adds a `<style>` with the CSS (in a layer below
 * Tailwind's, placed before the app's own stylesheet) and exports the text, as Vite's `?inline` does.
 */
export function stylesheetModule(css: string, specifier: string): string {
  const text = JSON.stringify(`@layer ${LAYER}{${css}}`);
  return [
    `const css = ${text};`,
    "if (typeof document !== 'undefined') {",
    "  const style = document.createElement('style');",
    `  style.dataset.packageCss = ${JSON.stringify(path.posix.normalize(specifier))};`,
    '  style.textContent = css;',
    `  document.head.insertBefore(style, document.head.querySelector('link[rel="stylesheet"]'));`,
    '}',
    'export default css;',
  ].join('\n');
}
