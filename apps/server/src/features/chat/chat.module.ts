import type { AppDeps } from '../../platform/app-deps.ts';
import { chatRoutes } from './chat.routes.ts';
import { chatRuntime } from './chat.runtime.ts';

/** The builder chat's routes (README.md in this folder), mounted on the `api` router. */
export const chatModule = (deps: Pick<AppDeps, 'areas'>) => chatRoutes(chatRuntime(deps));

export { chatRuntime } from './chat.runtime.ts';
