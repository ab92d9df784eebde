import { describe, expect, it } from 'vitest';
import { type BuiltInManifest, builtInPinsOf } from './built-in-pins.ts';

/** The set as the server installed it (a stand-in: the decision, not node_modules, is under test). */
const SET: Record<string, BuiltInManifest> = {
  three: { version: '0.187.0' },
  'date-fns': { version: '4.4.0' },
  zod: { version: '4.6.7' },
  react: { version: '19.3.1' },
  'lucide-react': { version: '1.75.0', peerDependencies: { react: '^16.5.1 || ^17 || ^18 || ^19' } },
  'react-day-picker': { version: '10.0.2', peerDependencies: { react: '>=16.8.0' } },
};
const pins = (name: string, range: string) =>
  builtInPinsOf([{ name, range }], (candidate) => SET[candidate]).get(name);

describe('builtInPinsOf: a package of the set asked for at a version the set’s does not fit', () => {
  it('is installed on demand when the version is another major, or another minor of a 0.x', () => {
    expect(pins('three', '0.155.0')).toEqual({ kind: 'on-demand', range: '0.155.0' });
    expect(pins('three', '^0.155.0')).toEqual({ kind: 'on-demand', range: '^0.155.0' });
    expect(pins('date-fns', '3.6.0')).toEqual({ kind: 'on-demand', range: '3.6.0' });
  });

  it('is the set’s when the set’s version fits under semver (same major, same 0.x minor, or in the range)', () => {
    expect(pins('three', '0.187.0')).toBeUndefined();
    expect(pins('three', '^0.187.2')).toBeUndefined();
    expect(pins('three', '>=0.126')).toBeUndefined();
    expect(pins('zod', '4.1.0')).toBeUndefined();
  });

  it('keeps React single: React and the set’s packages built against it stay the set’s', () => {
    expect(pins('react', '18.2.0')).toBeUndefined();
    expect(pins('lucide-react', '0.475.0')).toBeUndefined();
  });

  it('is the older major the set preinstalls when there is one (react-day-picker 8)', () => {
    expect(pins('react-day-picker', '^8.10.1')).toMatchObject({
      kind: 'legacy',
      legacy: { specifier: '@atelier/react-day-picker-v8' },
    });
  });

  it('ignores packages outside the set and ranges that are not semver', () => {
    expect(pins('zustand', '3.7.2')).toBeUndefined();
    expect(pins('three', 'github:mrdoob/three.js')).toBeUndefined();
  });
});
