import rootPackage from '../../../../package.json' with { type: 'json' };

/** The product version, from the root package.json. */
export const APP_VERSION: string = rootPackage.version;
