/**
 * The app compile engine (ARCHITECTURE §6): compile an app's file tree to one ES module and its CSS,
 * serve the allow-listed libraries as vendor modules, and render the page that loads them.
 *
 *   const vendor = createVendorBundles({ cacheDir: path.join(config.dataDir, 'cache/preview-vendor') });
 *   const compiler = createCompiler({ vendor });          // one per server; dispose() on shutdown
 *   const result = await compiler.compile(files, { versionHash });
 *   const html = renderAppHtml({ jsUrl, cssUrl, importMap: vendor.importMap('/preview-vendor/'), csp, title, runtimeConfig });
 */
export { pageRoutes } from './app-entry.ts';
export {
  type CompileFailure,
  type CompileOptions,
  type CompileResult,
  type Compiler,
  type CompilerOptions,
  type CompileSuccess,
  type CompileTimings,
  createCompiler,
} from './compiler.ts';
export { contentHashSync } from './content-hash-sync.ts';
export type { CompileDiagnostic } from './diagnostics.ts';
export {
  type AppHtmlOptions,
  type AppRuntimeConfig,
  appContentSecurityPolicy,
  renderAppHtml,
} from './html.ts';
export {
  createVendorBundles,
  type ImportMap,
  VENDOR_RESPONSE_HEADERS,
  type VendorBundle,
  type VendorBundles,
} from './vendor/vendor-bundles.ts';
export { ALLOWED_PACKAGE_NAMES, VENDOR_MODULES } from './vendor/vendor-modules.ts';
