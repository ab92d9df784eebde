import { describe, expect, it } from 'vitest';
import { builtInSetVersions } from '../compile/vendor/built-in-pins.ts';
import { type BundleOptions, bundleKey } from './npm-bundle.ts';
import type { ResolvedTree } from './resolve-tree.ts';

const tree: ResolvedTree = {
  root: '@react-three/xr@6.2.3',
  packages: {
    '@react-three/xr@6.2.3': {
      name: '@react-three/xr',
      version: '6.2.3',
      integrity: 'sha512-x',
      tarball: 'https://registry.npmjs.org/@react-three/xr/-/xr-6.2.3.tgz',
      dependencies: {},
    },
  },
};
const options = (target: BundleOptions['target']): BundleOptions => ({
  target,
  externalSpecifiers: new Set(['three', 'react']),
  externalPackages: new Set(),
});

describe('bundleKey', () => {
  it("holds the built-in set's versions: a file of the set's three bundled in (three/src/math/MathUtils.js) is not served stale after the set changes", () => {
    const browser = options('browser');
    const before = bundleKey('@react-three/xr', tree, browser, ['react@19.3.1', 'three@0.187.0']);
    expect(bundleKey('@react-three/xr', tree, browser, ['react@19.3.1', 'three@0.187.0'])).toBe(before);
    expect(bundleKey('@react-three/xr', tree, browser, ['react@19.3.1', 'three@0.188.0'])).not.toBe(before);
    // By default, the server's own set.
    expect(builtInSetVersions()).toContainEqual(expect.stringMatching(/^three@0\.\d+\.\d+$/));
    expect(bundleKey('@react-three/xr', tree, browser)).toBe(
      bundleKey('@react-three/xr', tree, browser, builtInSetVersions()),
    );
    // A function isolate's bundle holds no file of the set.
    const isolate = options('isolate');
    expect(bundleKey('@react-three/xr', tree, isolate, ['three@0.187.0'])).toBe(
      bundleKey('@react-three/xr', tree, isolate, ['three@0.188.0']),
    );
  });
});
