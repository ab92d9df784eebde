import fs from 'node:fs';
import path from 'node:path';
import { type AppFile, PACKAGE_MANIFEST_PATH, parsePackageManifest } from '@atelier/shared';
import semver from 'semver';
import { compilePaths } from '../paths.ts';
import { ALLOWED_IMPORTS, LEGACY_MAJORS, type LegacyMajor, packageOfSpecifier } from './vendor-modules.ts';

/** What the server installed of a package of the built-in set: its version and peers. */
export interface BuiltInManifest {
  version: string;
  peerDependencies?: Record<string, string>;
}

/**
 * How an app gets a package of the built-in set that its package.json asks for at a version the
 * set's does not fit: the set's preinstalled older major (`legacy`, LEGACY_MAJORS), or that version
 * installed on demand (features/npm) in the set's place for this app (`on-demand`).
 */
export type BuiltInPin = { kind: 'legacy'; legacy: LegacyMajor } | { kind: 'on-demand'; range: string };

/** React itself: one copy on every page, whatever an app's package.json says. */
const ONE_REACT = new Set(['react', 'react-dom', 'scheduler']);

const BUILT_IN_PACKAGES: ReadonlySet<string> = new Set([...ALLOWED_IMPORTS.keys()].map(packageOfSpecifier));

/**
 * The packages of the built-in set an app's package.json asks for at a version incompatible under
 * semver with the set's (another major, or another minor of a 0.x: Ripple's lock installed three
 * 0.155, whose `LinearEncoding` the set's 0.18x no longer has). An older major the set preinstalls
 * is that one (react-day-picker 8); otherwise the asked range is installed on demand and replaces
 * the set's copy in the app's import map (the set's own modules then import it too: one copy).
 * React, and the set's packages built against it (a `react` peer), stay the set's: a page has one
 * React, and the versions an export's lock pins of those were built for an older one.
 */
export function builtInPinsOf(
  packages: readonly { name: string; range: string }[],
  manifestOf: (name: string) => BuiltInManifest | undefined = builtInManifest,
): Map<string, BuiltInPin> {
  const pins = new Map<string, BuiltInPin>();
  for (const { name, range } of packages) {
    if (!semver.validRange(range)) continue;
    const legacy = LEGACY_MAJORS.find((candidate) => candidate.name === name);
    if (legacy && semver.subset(range, `<${legacy.below}`)) {
      pins.set(name, { kind: 'legacy', legacy });
      continue;
    }
    const set = manifestOf(name);
    if (!set || ONE_REACT.has(name) || set.peerDependencies?.react !== undefined) continue;
    const lowest = semver.minVersion(range);
    if (!lowest || semver.satisfies(set.version, range) || compatible(lowest.version, set.version)) continue;
    pins.set(name, { kind: 'on-demand', range });
  }
  return pins;
}

/** The packages of the set an app gets on demand at its package.json's version instead of the set's. */
export function onDemandBuiltIns(files: readonly AppFile[]): Set<string> {
  const manifest = parsePackageManifest(files.find((file) => file.path === PACKAGE_MANIFEST_PATH)?.content);
  const pins = builtInPinsOf(manifest.ok ? manifest.packages : []);
  return new Set([...pins].filter(([, pin]) => pin.kind === 'on-demand').map(([name]) => name));
}

/** Same major (same minor too for 0.x): the versions a caret range of one would take. */
function compatible(a: string, b: string): boolean {
  const [x, y] = [semver.parse(a), semver.parse(b)];
  if (!x || !y) return false;
  return x.major === y.major && (x.major > 0 || x.minor === y.minor);
}

const manifests = new Map<string, BuiltInManifest | undefined>();

/** The server's own package.json of a package of the built-in set (node_modules, looked up from apps/server). */
export function builtInManifest(name: string): BuiltInManifest | undefined {
  if (!BUILT_IN_PACKAGES.has(name)) return undefined;
  if (manifests.has(name)) return manifests.get(name);
  let found: BuiltInManifest | undefined;
  for (let dir = compilePaths().serverDir; ; dir = path.dirname(dir)) {
    try {
      const json = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8'));
      found = { version: json.version, peerDependencies: json.peerDependencies };
      break;
    } catch {
      if (path.dirname(dir) === dir) break;
    }
  }
  manifests.set(name, found);
  return found;
}

/**
 * The set's version of every package of the set (`three@0.187.0` …): part of an on-demand bundle's
 * cache key, since a bundle may hold files of the set's packages (`three/src/math/MathUtils.js`
 * below @react-three/xr, features/npm), which change with them.
 */
export function builtInSetVersions(): string[] {
  return [...BUILT_IN_PACKAGES].map((name) => `${name}@${builtInManifest(name)?.version ?? 'none'}`).sort();
}
