/**
 * Limits of npm packages installed on demand (README of this feature). A package or tree past any
 * of them is refused with a message naming the package and the limit; nothing is partly installed.
 */
export const NPM_LIMITS = {
  /** Largest tarball downloaded (compressed): mapbox-gl 3's is 12.8 MB, tesseract.js-core 5's 11.3 MB. */
  maxTarballBytes: 16 * 1024 * 1024,
  /** Largest unpacked package (the sum of its files): mapbox-gl 3's four builds are 58.5 MB. */
  maxUnpackedBytes: 64 * 1024 * 1024,
  /**
   * Most files in one package: icon sets ship a file per icon (@phosphor-icons/react 2 has 6,001,
   * @mui/icons-material over 10,000), core-js (below jspdf) over 3,000; the unpacked-size bound
   * above still holds.
   */
  maxFiles: 20_000,
  /**
   * Largest packument (the registry's metadata document of a package, abbreviated form) read:
   * firebase's is 25 MB (thousands of versions).
   */
  maxPackumentBytes: 48 * 1024 * 1024,
  /** Most packages in one resolved tree (the package and all its dependencies). */
  maxTreePackages: 120,
  /** Deepest dependency chain followed from the package an app names. */
  maxTreeDepth: 12,
  /** Longest wait for one registry answer (packument or tarball), body included. */
  requestTimeoutMs: 20_000,
  /** Longest time to resolve, download and unpack one tree. */
  installTimeoutMs: 90_000,
  /** Largest ES module bundle of one specifier. */
  maxBundleBytes: 8 * 1024 * 1024,
  /** Packages an app's package.json may name (beyond the built-in set). */
  maxAppPackages: 20,
  /** Registry downloads and esbuild bundles running at once (per server). */
  concurrency: 4,
} as const;

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Reasons a package is refused; each is shown after `Cannot use the npm package "x": `. */
export const NPM_MESSAGES = {
  disabled: 'npm packages are turned off on this server (NPM_REGISTRY_URL=off).',
  unreachable: (detail: string) => `the npm registry cannot be reached (${detail}).`,
  notFound: 'it does not exist in the npm registry.',
  noMatchingVersion: (range: string) => `no published version matches "${range}".`,
  unsupportedSpec: (spec: string) =>
    `"${spec}" is not a version or a range; only registry versions (e.g. "^1.2.0", "latest") are supported.`,
  badName: 'it is not a valid npm package name.',
  noIntegrity: (id: string) => `${id} has no sha512 integrity in the registry; it cannot be checked.`,
  integrityMismatch: (id: string) =>
    `${id}: the download does not match its sha512 integrity (a changed or corrupted tarball).`,
  tarballTooLarge: (id: string) =>
    `${id} is larger than ${mb(NPM_LIMITS.maxTarballBytes)} compressed (the limit).`,
  unpackedTooLarge: (id: string) =>
    `${id} unpacks to more than ${mb(NPM_LIMITS.maxUnpackedBytes)} (the limit).`,
  tooManyFiles: (id: string, count: number) =>
    `${id} has ${count} files; the limit is ${NPM_LIMITS.maxFiles}.`,
  badTarball: (id: string, detail: string) => `${id}: the tarball cannot be read (${detail}).`,
  nativeAddon: (id: string) =>
    `${id} is a native addon (binding.gyp or .node files), which cannot run in a browser or a function.`,
  treeTooLarge: `its dependencies add up to more than ${NPM_LIMITS.maxTreePackages} packages (the limit).`,
  treeTooDeep: `its dependency chain is deeper than ${NPM_LIMITS.maxTreeDepth} levels (the limit).`,
  timedOut: 'installing it took too long.',
  tarballOrigin: (id: string) => `${id}: its tarball is not on the configured registry.`,
  bundleFailed: (detail: string) => `it cannot be bundled for the browser: ${detail}`,
  bundleTooLarge: (bytes: number) =>
    `its bundle is ${mb(bytes)}; the limit is ${mb(NPM_LIMITS.maxBundleBytes)}.`,
  tooManyPackages: `package.json names more than ${NPM_LIMITS.maxAppPackages} packages (the limit).`,
} as const;

/** A refused package: `packageName` is the one the app named (or the dependency that failed). */
export class NpmPackageError extends Error {
  constructor(
    readonly packageName: string,
    readonly reason: string,
  ) {
    super(`Cannot use the npm package "${packageName}": ${reason}`);
    this.name = 'NpmPackageError';
  }
}
