import { describe, expect, it } from 'vitest';
import {
  npmPackageNameOf,
  parsePackageManifest,
  withManifestPackage,
  withoutManifestPackage,
} from './package-manifest.ts';

describe('package.json of an app', () => {
  it('reads its dependencies and refuses what npm would not accept', () => {
    expect(parsePackageManifest(undefined)).toEqual({ ok: true, packages: [] });
    expect(
      parsePackageManifest('{"name":"x","dependencies":{"canvas-confetti":"^1.9.0","@scope/a":"latest"}}'),
    ).toEqual({
      ok: true,
      packages: [
        { name: 'canvas-confetti', range: '^1.9.0' },
        { name: '@scope/a', range: 'latest' },
      ],
    });
    expect(parsePackageManifest('{')).toEqual({ ok: false, message: 'package.json is not valid JSON.' });
    expect(parsePackageManifest('{"dependencies":{"Bad Name":"1"}}')).toEqual({
      ok: false,
      message: 'package.json: "Bad Name" is not a valid npm package name.',
    });
    expect(parsePackageManifest('{"dependencies":{"a":1}}')).toMatchObject({ ok: false });
  });

  it('adds and removes a package, keeping the other fields', () => {
    const added = withManifestPackage('{"name":"my-app","dependencies":{"a":"1"}}', 'b', '^2.0.0');
    expect(JSON.parse(added)).toEqual({ name: 'my-app', dependencies: { a: '1', b: '^2.0.0' } });
    expect(JSON.parse(withManifestPackage(undefined, 'a', '1'))).toEqual({ dependencies: { a: '1' } });
    expect(JSON.parse(withoutManifestPackage(added, 'a'))).toEqual({
      name: 'my-app',
      dependencies: { b: '^2.0.0' },
    });
    expect(() => withManifestPackage('not json', 'a', '1')).toThrow('package.json is not valid JSON.');
  });

  it('names the package of a bare import', () => {
    expect(npmPackageNameOf('react-dom/client')).toBe('react-dom');
    expect(npmPackageNameOf('@dnd-kit/core/dist/x')).toBe('@dnd-kit/core');
  });
});
