import {
  APP_SLUG_MESSAGES,
  appSlugProblem,
  normaliseAppSlug,
  numberedSlug,
  slugFromName,
} from '@atelier/shared';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppActor, AppChanges, AppRow } from './apps.repo.ts';
import type { AppsRuntime } from './apps.runtime.ts';

/** Alternatives tried for a default slug (`name`, `name-2` … `name-20`) before a random suffix. */
const NUMBERED_TRIES = 20;

/** A slug a builder asked for: normalised, valid and not another app's (400 invalid_slug / 409 slug_taken). */
export async function requestedSlug(runtime: AppsRuntime, appId: string, input: string): Promise<string> {
  const slug = normaliseAppSlug(input);
  const problem = appSlugProblem(slug);
  if (problem) throw new AppError('invalid_slug', problem);
  if (await runtime.apps.slugTakenByOther(appId, slug)) throw slugTaken();
  return slug;
}

/** A free slug made from the app's name: `garden-planner`, else `garden-planner-2` … */
async function defaultSlug(runtime: AppsRuntime, app: AppRow): Promise<string> {
  const base = slugFromName(app.name);
  for (let n = 1; n <= NUMBERED_TRIES; n++) {
    const candidate = n === 1 ? base : numberedSlug(base, n);
    if (!(await runtime.apps.slugTakenByOther(app.id, candidate))) return candidate;
  }
  return numberedSlug(base, 1000 + Math.floor(Math.random() * 9000));
}

/**
 * Writes `changes` with the app's slug: the requested one, else the one it has, else a free one
 * from its name. Two apps racing for one slug: the unique index refuses the second (409), or for a
 * default slug the next free one is taken.
 */
export async function updateWithSlug(
  runtime: AppsRuntime,
  actor: AppActor,
  app: AppRow,
  requested: string | undefined,
  changes: AppChanges,
): Promise<AppRow | undefined> {
  const explicit = requested === undefined ? undefined : await requestedSlug(runtime, app.id, requested);
  for (let attempt = 0; ; attempt++) {
    const slug = explicit ?? app.slug ?? (await defaultSlug(runtime, app));
    try {
      return await runtime.apps.update(actor, app.id, { ...changes, slug });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (explicit !== undefined || app.slug || attempt >= 2) throw slugTaken();
    }
  }
}

const slugTaken = () => new AppError('slug_taken', APP_SLUG_MESSAGES.taken);
