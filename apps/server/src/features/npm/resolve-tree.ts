import semver from 'semver';
import { NPM_LIMITS, NPM_MESSAGES, NpmPackageError } from './npm-limits.ts';
import { NPM_NAME, type Packument, type RegistryClient } from './registry.ts';

/** One package of a resolved tree: an exact version, where to get it and how to check it. */
export interface ResolvedPackage {
  name: string;
  version: string;
  /** `sha512-…` (Subresource Integrity form), from the packument. */
  integrity: string;
  tarball: string;
  /** Its dependencies, each by name → the exact version chosen for it in this tree. */
  dependencies: Record<string, string>;
}

/**
 * A package an app named, resolved with all its dependencies to exact versions: what is pinned per
 * app (the lock), and what an install and a bundle are keyed by.
 */
export interface ResolvedTree {
  /** `name@version` of the package the app named. */
  root: string;
  /** Every package of the tree by `name@version`. */
  packages: Record<string, ResolvedPackage>;
}

export const packageId = (name: string, version: string) => `${name}@${version}`;

export { npmPackageNameOf as packageNameOf } from '@atelier/shared';

/** The exact version a range (or dist-tag) picks: the `latest` tag when it matches, else the highest match. */
export function pickVersion(packument: Packument, spec: string): string {
  const name = packument.name;
  const wanted = spec.trim() === '' ? 'latest' : spec.trim();
  const tagged = packument['dist-tags'][wanted];
  if (tagged && packument.versions[tagged]) return tagged;
  if (semver.validRange(wanted) === null) throw new NpmPackageError(name, NPM_MESSAGES.unsupportedSpec(spec));
  const versions = Object.keys(packument.versions).filter((version) => semver.valid(version));
  const latest = packument['dist-tags'].latest;
  if (latest && versions.includes(latest) && semver.satisfies(latest, wanted)) return latest;
  const best = semver.maxSatisfying(versions, wanted);
  if (!best) throw new NpmPackageError(name, NPM_MESSAGES.noMatchingVersion(spec));
  return best;
}

export interface ResolveOptions {
  /** Package names never resolved: they are provided by the page (React and the built-in set). */
  provided: ReadonlySet<string>;
  /**
   * Versions to take when they satisfy the range asked for (name → exact version): what the app's
   * lock file installed (package.json `lockedVersions`), else the newest match is taken.
   */
  preferred?: ReadonlyMap<string, string>;
}

/**
 * Resolves a package and its dependencies (breadth first, nested like npm: each package gets the
 * version its own range picks, so two ranges of one name may give two versions). Optional
 * dependencies are resolved after the required tree, each left out with all it brought when it or
 * its own tree fails (a limit included); optional peers that fail to resolve are left out; required peers are resolved
 * like dependencies unless the page provides them. Bounded by `NPM_LIMITS.maxTreePackages` and
 * `maxTreeDepth`; every failure names the package the app asked for.
 */
export async function resolveTree(
  registry: RegistryClient,
  rootName: string,
  range: string,
  { provided, preferred }: ResolveOptions,
): Promise<ResolvedTree> {
  if (!NPM_NAME.test(rootName)) throw new NpmPackageError(rootName, NPM_MESSAGES.badName);
  const packages: Record<string, ResolvedPackage> = {};
  const picked = new Map<string, string>();

  const pick = async (name: string, spec: string): Promise<ResolvedPackage> => {
    const key = `${name}\0${spec}`;
    const known = picked.get(key);
    if (known) return packages[known]!;
    const packument = await registry.packument(name);
    const wanted = preferred?.get(name);
    const version =
      wanted && packument.versions[wanted] && semver.satisfies(wanted, spec.trim() || '*')
        ? wanted
        : pickVersion(packument, spec);
    const id = packageId(name, version);
    picked.set(key, id);
    if (packages[id]) return packages[id];
    const meta = packument.versions[version]!;
    const integrity = meta.dist.integrity;
    if (!integrity?.startsWith('sha512-')) throw new NpmPackageError(name, NPM_MESSAGES.noIntegrity(id));
    if (Object.keys(packages).length >= NPM_LIMITS.maxTreePackages) {
      throw new NpmPackageError(rootName, NPM_MESSAGES.treeTooLarge);
    }
    const resolved: ResolvedPackage = {
      name,
      version,
      integrity,
      tarball: meta.dist.tarball,
      dependencies: {},
    };
    packages[id] = resolved;
    return resolved;
  };

  const root = await pick(rootName, range);
  /**
   * A peer is the copy the package's dependents install beside it, as npm hoists it: the root's own
   * dependency of that name when its version fits the peer's range, else one the tree already holds.
   * Picked on its own, a peer range (`@firebase/app: 0.x` of @firebase/analytics) would take the
   * newest version while the root pins another (firebase 10's @firebase/app 0.10.13): two copies of
   * one package on the page, and firebase's component registry split in two.
   */
  const inScope = (name: string, spec: string): ResolvedPackage | undefined => {
    const fits = (version: string | undefined) =>
      version !== undefined && semver.satisfies(version, spec.trim() || '*');
    const rootVersion = root.dependencies[name];
    if (fits(rootVersion)) return packages[packageId(name, rootVersion!)];
    return Object.values(packages).find((other) => other.name === name && fits(other.version));
  };
  /** Optional dependencies, resolved once the required tree is (each all or nothing). */
  const deferred: { pkg: ResolvedPackage; name: string; spec: string; depth: number }[] = [];
  const expanded = new Set<string>();
  const expand = async (start: ResolvedPackage[], startDepth: number) => {
    let level = start;
    for (let depth = startDepth; level.length > 0; depth++) {
      const next: ResolvedPackage[] = [];
      for (const pkg of level) {
        const id = packageId(pkg.name, pkg.version);
        if (expanded.has(id)) continue;
        expanded.add(id);
        const wanted = await dependenciesOf(registry, pkg);
        if (wanted.length > 0 && depth >= NPM_LIMITS.maxTreeDepth) {
          throw new NpmPackageError(rootName, NPM_MESSAGES.treeTooDeep);
        }
        for (const { name, spec, optional, peer } of wanted) {
          if (provided.has(name) || name === pkg.name) continue;
          if (optional && !peer) {
            deferred.push({ pkg, name, spec, depth: depth + 1 });
            continue;
          }
          try {
            const dep = (peer && inScope(name, spec)) || (await pick(name, spec));
            pkg.dependencies[name] = dep.version;
            next.push(dep);
          } catch (error) {
            if (optional && error instanceof NpmPackageError && error.packageName === name) continue;
            if (error instanceof NpmPackageError && error.packageName !== rootName) {
              throw new NpmPackageError(
                rootName,
                `its dependency ${error.message.replace(/^Cannot use the npm package /, '')}`,
              );
            }
            throw error;
          }
        }
      }
      level = next;
    }
  };
  await expand([root], 0);
  // An optional dependency is left out, with all it brought, when it or its own tree cannot be
  // had (npm does the same): fabric 5's jsdom and canvas (Node only) past the tree's limit.
  for (let at = 0; at < deferred.length; at++) {
    const { pkg, name, spec, depth } = deferred[at]!;
    const kept = new Set(Object.keys(packages));
    const keptPicks = new Map(picked);
    const keptExpanded = new Set(expanded);
    try {
      const dep = await pick(name, spec);
      await expand([dep], depth);
      pkg.dependencies[name] = dep.version;
    } catch (error) {
      if (!(error instanceof NpmPackageError)) throw error;
      for (const id of Object.keys(packages)) if (!kept.has(id)) delete packages[id];
      picked.clear();
      for (const [key, id] of keptPicks) picked.set(key, id);
      expanded.clear();
      for (const id of keptExpanded) expanded.add(id);
    }
  }
  return { root: packageId(root.name, root.version), packages };
}

async function dependenciesOf(
  registry: RegistryClient,
  pkg: ResolvedPackage,
): Promise<{ name: string; spec: string; optional: boolean; peer: boolean }[]> {
  const meta = (await registry.packument(pkg.name)).versions[pkg.version]!;
  const wanted = new Map<string, { name: string; spec: string; optional: boolean; peer: boolean }>();
  for (const [name, spec] of Object.entries(meta.peerDependencies ?? {})) {
    wanted.set(name, {
      name,
      spec,
      optional: meta.peerDependenciesMeta?.[name]?.optional === true,
      peer: true,
    });
  }
  for (const [name, spec] of Object.entries(meta.dependencies ?? {})) {
    wanted.set(name, { name, spec, optional: false, peer: false });
  }
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    wanted.set(name, { name, spec, optional: true, peer: false });
  }
  // An optional peer nobody else asks for is not installed (npm does the same).
  return [...wanted.values()].filter(
    (dep) => !(dep.optional && meta.peerDependencies?.[dep.name] && !meta.dependencies?.[dep.name]),
  );
}
