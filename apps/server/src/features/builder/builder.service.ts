import {
  ADMIN_ONLY_SETTINGS,
  ADMIN_ONLY_STYLE,
  BUILDER_CONTENT_KEYS,
  BUILDER_MESSAGES,
  DEFAULT_CREDITS_PER_RUN,
  SETTINGS_MESSAGES,
  TEMPLATE_LIBRARY_SETTINGS,
  type UpdateAppRequest,
} from '@atelier/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { type AppType, apps, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { appOpenableBy } from '../apps/apps.repo.ts';
import { assertPlanAllows, createPlanReader } from '../plans/enforce.ts';

/**
 * Builder panel saves (spec 2 §7 "App saving"): the partial objects of `PATCH /api/apps/{appId}`
 * for the builder content, style and settings. Each is merged into the stored jsonb in SQL
 * (`coalesce(col, '{}') || patch`), so concurrent saves of different keys never lose one.
 */

type Patch = Record<string, unknown>;

export interface BuilderPatchParts {
  content?: Patch;
  style?: Patch;
  settings?: Patch;
}

/** Splits the builder parts out of an update request; undefined when it has none. */
export function builderPartsOf(input: UpdateAppRequest): BuilderPatchParts | undefined {
  const content: Patch = {};
  for (const key of BUILDER_CONTENT_KEYS) {
    if (input[key] !== undefined) content[key] = input[key];
  }
  const parts: BuilderPatchParts = {};
  if (Object.keys(content).length > 0) parts.content = content;
  if (input.style && Object.keys(input.style).length > 0) parts.style = dropUndefined(input.style);
  if (input.settings && Object.keys(input.settings).length > 0)
    parts.settings = dropUndefined(input.settings);
  return Object.keys(parts).length > 0 ? parts : undefined;
}

const dropUndefined = (value: object): Patch =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/** What the settings checks need to know besides the builder: the allow-list and the app's type. */
export interface BuilderPatchContext {
  /** `ADMIN_EMAILS`, lower-cased: admins as well as the accounts flagged in the database. */
  adminEmails: readonly string[];
  /** `TEMPLATE_ADMIN_EMAILS`, lower-cased: who may switch the tool template library (spec 1 §6). */
  templateAdminEmails: readonly string[];
  appType: AppType;
}

/**
 * Refuses what the builder may not change: admin-only settings and style (spec 1 §6, 403 naming
 * the field) and settings editing on the lowest plan (403 plan_limit_reached). Admins pass both.
 * The tool template library switch also needs an allow-listed e-mail, and the main page is a
 * space-app setting (400).
 */
export async function assertBuilderPatchAllowed(
  db: Db,
  userId: string,
  parts: BuilderPatchParts,
  context?: BuilderPatchContext,
): Promise<void> {
  const [user] = await db
    .select({ isAdmin: users.isAdmin, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (context && parts.settings?.mainPage !== undefined && context.appType !== 'SPACE_APP') {
    throw new AppError('validation_error', SETTINGS_MESSAGES.mainPageSpaceOnly, { fields: ['mainPage'] });
  }
  if (user && (user.isAdmin || context?.adminEmails.includes(user.email.toLowerCase()))) {
    const libraryKeys = TEMPLATE_LIBRARY_SETTINGS.filter((key) => parts.settings?.[key] !== undefined);
    if (libraryKeys.length > 0 && !context?.templateAdminEmails.includes(user.email.toLowerCase())) {
      throw new AppError('forbidden', `${SETTINGS_MESSAGES.templateLibraryOnly}: ${libraryKeys.join(', ')}`, {
        fields: libraryKeys,
      });
    }
    return;
  }
  const adminKeys = [
    ...ADMIN_ONLY_SETTINGS.filter((key) => parts.settings?.[key] !== undefined),
    ...ADMIN_ONLY_STYLE.filter((key) => parts.style?.[key] !== undefined),
  ];
  if (adminKeys.length > 0) {
    throw new AppError('forbidden', `${BUILDER_MESSAGES.adminOnly}: ${adminKeys.join(', ')}`, {
      fields: adminKeys,
    });
  }
  if (parts.settings) assertPlanAllows(await createPlanReader(db).planOf(userId), 'settingsEditing');
}

const merge = (column: SQL | typeof apps.style, patch: Patch) =>
  sql`coalesce(${column}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`;

/** Merges the parts into the app in one statement; false when the builder may not open it. */
export async function saveBuilderPatch(
  db: Db,
  userId: string,
  appId: string,
  parts: BuilderPatchParts,
): Promise<boolean> {
  const set: Record<string, SQL | Date> = { updatedAt: new Date() };
  if (parts.content) set.builder = merge(sql`${apps.builder}`, parts.content);
  if (parts.style) set.style = merge(sql`${apps.style}`, parts.style);
  if (parts.settings) set.settings = merge(sql`${apps.settings}`, parts.settings);
  const rows = await db
    .update(apps)
    .set(set)
    .where(and(eq(apps.id, appId), appOpenableBy(userId)))
    .returning({ id: apps.id });
  return rows.length > 0;
}

const asObject = (value: unknown): Patch =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Patch) : {};

/** The API view of the builder parts: settings carry creditsPerRun 1 unless set. */
export function builderView(row: { builder: unknown; style: unknown; settings: unknown }) {
  return {
    builder: asObject(row.builder),
    style: asObject(row.style),
    settings: { creditsPerRun: DEFAULT_CREDITS_PER_RUN, ...asObject(row.settings) },
  };
}
