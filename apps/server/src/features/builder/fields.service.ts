import {
  FIELD_MESSAGES,
  type FieldLike,
  fieldListProblem,
  fieldTag,
  isFieldTagUsed,
  newPhotoFieldNames,
  removedFieldNames,
  withStepIds,
} from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { apps, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { appOpenableBy } from '../apps/apps.repo.ts';
import { assertPlanAllows, createPlanReader } from '../plans/enforce.ts';
import type { BuilderPatchParts } from './builder.service.ts';

/**
 * The custom fields rules of a save (spec 2 §5, spec 1 §5–§6), checked before anything is stored:
 * - the list: at most MAX_CUSTOM_FIELDS, no duplicate name, not the reserved `input`, options not
 *   empty and unique ignoring case (400 validation_error with the spec's message);
 * - a field whose tag is in the app instructions cannot be deleted (409 conflict);
 * - a new photo field when the app's owner is on lite: 403 plan_limit_reached (photo fields are
 *   not offered there; admins pass);
 * - input steps get a 4-character id when they have none (the content patch is changed in place).
 */
export async function assertFieldsPatchAllowed(
  db: Db,
  userId: string,
  appId: string,
  parts: BuilderPatchParts,
  gptPromptPatch: string | null | undefined,
): Promise<void> {
  const content = parts.content;
  if (!content) return;
  if (Array.isArray(content.inputSteps)) {
    content.inputSteps = withStepIds(content.inputSteps as { id?: string; title: string }[]);
  }
  if (!Array.isArray(content.fields)) return;
  const fields = content.fields as FieldLike[];
  const problem = fieldListProblem(fields);
  if (problem)
    throw new AppError('validation_error', problem.message, problem.field ? { field: problem.field } : {});

  const [stored] = await db
    .select({ builder: apps.builder, gptPrompt: apps.gptPrompt, ownerId: apps.ownerId })
    .from(apps)
    .where(and(eq(apps.id, appId), appOpenableBy(userId)))
    .limit(1);
  if (!stored) return; // not theirs: the save answers 404
  const before = storedFields(stored.builder);
  const instructions = gptPromptPatch !== undefined ? gptPromptPatch : stored.gptPrompt;
  const blocked = removedFieldNames(before, fields).find((name) => isFieldTagUsed(instructions, name));
  if (blocked) {
    throw new AppError('conflict', FIELD_MESSAGES.tagInInstructions, {
      field: blocked,
      tag: fieldTag(blocked),
    });
  }
  if (newPhotoFieldNames(before, fields).length > 0) {
    const [user] = await db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    // The app owner's plan decides (a collaborator edits the owner's app).
    if (!user?.isAdmin) assertPlanAllows(await createPlanReader(db).planOf(stored.ownerId), 'photoFields');
  }
}

/** The fields kept in an app's builder content (malformed entries are left out). */
export function storedFields(builder: unknown): FieldLike[] {
  const fields = (builder as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is FieldLike =>
      !!f &&
      typeof f === 'object' &&
      typeof (f as FieldLike).name === 'string' &&
      typeof (f as FieldLike).type === 'string',
  );
}
