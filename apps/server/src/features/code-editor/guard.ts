import { CODE_EDITOR_MESSAGES } from '@atelier/shared';
import type { Context } from 'hono';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { findApp } from '../apps/apps.service.ts';

/**
 * Code writes by the user (files/update, files/delete, merge) are for admins only (spec 1 §5–§6).
 * The app is looked up first so another builder's app still answers 404; then a builder who is not
 * an admin gets 403. The chat assistant writes through `versions.createVersion` and is not affected.
 */
export async function requireCodeEditor(c: Context<AppEnv>, runtime: AppsRuntime, appId: string) {
  const actor = c.get('actor');
  await findApp(runtime, { userId: actor.userId }, appId);
  if (!actor.isAdmin) throw new AppError('forbidden', CODE_EDITOR_MESSAGES.adminOnly);
}
