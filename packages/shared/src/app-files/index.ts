export * from './app-bundle.ts';
export * from './app-file.ts';
export * from './content-hash.ts';
export * from './entity-schema.ts';
export * from './file-kind.ts';
export * from './package-manifest.ts';
