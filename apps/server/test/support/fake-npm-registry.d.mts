export interface FakePackageVersion {
  files?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  /** Extra package.json fields. */
  manifest?: Record<string, unknown>;
  /** Raw tarball bytes instead of packing `files`. */
  tarball?: Buffer;
  /** false: this version does not become the `latest` tag. */
  latest?: boolean;
}

export interface FakeNpmRegistry {
  url: string;
  /** Paths requested so far (packuments `/name`, tarballs `/name/-/file.tgz`). */
  requests: string[];
  corrupt(id: string): void;
  close(): Promise<void>;
}

export function packTarball(files: Record<string, string>): Buffer;
export function integrityOf(data: Buffer): string;
export function startFakeNpmRegistry(
  packages?: Record<string, Record<string, FakePackageVersion>>,
): Promise<FakeNpmRegistry>;
