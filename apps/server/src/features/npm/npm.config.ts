import { z } from 'zod';

export const DEFAULT_NPM_REGISTRY_URL = 'https://registry.npmjs.org';

/** Env variables of npm packages on demand (README "Configuration"). */
export const npmEnvSchema = z.object({
  /** The npm registry on-demand packages come from; `off` turns them off. */
  NPM_REGISTRY_URL: z.union([z.url(), z.literal('off')]).default(DEFAULT_NPM_REGISTRY_URL),
});

export interface NpmConfig {
  /** Base URL of the registry, or undefined when on-demand packages are off. */
  registryUrl: string | undefined;
}

export function toNpmConfig(e: z.infer<typeof npmEnvSchema>): NpmConfig {
  return { registryUrl: e.NPM_REGISTRY_URL === 'off' ? undefined : e.NPM_REGISTRY_URL.replace(/\/+$/, '') };
}
