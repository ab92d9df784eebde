import {
  APP_MESSAGES,
  type AppSummary,
  type CreateAppRequest,
  type PreviewTokenResponse,
  type PreviewViewAs,
  type PublishAppRequest,
  type UpdateAppRequest,
} from '@atelier/shared';
import { AppError, notFound } from '../../platform/errors.ts';
import { previewSiteFor } from '../../platform/http/preview-hosts.ts';
import {
  assertBuilderPatchAllowed,
  builderPartsOf,
  builderView,
  saveBuilderPatch,
} from '../builder/builder.service.ts';
import { assertFieldsPatchAllowed } from '../builder/fields.service.ts';
import { switchMembershipsOff } from '../payments/app-payments.repo.ts';
import { ensureTestEndUser } from '../preview/preview-actors.ts';
import { isDraftId } from '../preview/reply-drafts.ts';
import { saveToolEntries } from '../tools/tools.service.ts';
import { appOrigin } from './app-origin.ts';
import type { AppActor, AppChanges, AppRow } from './apps.repo.ts';
import type { AppsRuntime } from './apps.runtime.ts';
import { updateWithSlug } from './slug.service.ts';
import { templateFiles } from './template/index.ts';

const appNotFound = () => notFound(APP_MESSAGES.appNotFound);

/** The API shape of an app. */
export function toAppView(runtime: AppsRuntime, app: AppRow): AppSummary {
  return {
    id: app.id,
    name: app.name,
    type: app.type,
    status: app.status,
    appBuilderVersion: app.appBuilderVersion,
    header: app.header,
    description: app.description,
    gptPrompt: app.gptPrompt,
    background: app.background,
    features: app.features ?? null,
    isSignupEnabled: app.isSignupEnabled,
    currentVersionId: app.currentVersionId,
    publishedVersionId: app.publishedVersionId,
    publishedAt: app.publishedAt?.toISOString() ?? null,
    slug: app.slug,
    publishedUrl: publishedUrl(runtime, app),
    ...builderView(app),
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

/** The published app's address: its own origin (`http://{slug}.localhost:3000/`), or null while a draft. */
export const publishedUrl = (runtime: AppsRuntime, app: Pick<AppRow, 'publishedAt' | 'slug'>) =>
  app.publishedAt && app.slug ? `${appOrigin(runtime.config.apps, app.slug)}/` : null;

/**
 * Every address the app is reached at: its published address first, then the origin of each
 * verified custom domain (same scheme as PUBLIC_URL). Empty for an unknown app.
 */
export async function appAddresses(runtime: AppsRuntime, appId: string): Promise<string[]> {
  const app = await runtime.apps.unsafeFindById(appId);
  if (!app) return [];
  const { protocol } = new URL(runtime.origins().public);
  const domains = (await runtime.domains.list(app.id)).filter((row) => row.verifiedAt !== null);
  const published = publishedUrl(runtime, app);
  return [...(published ? [published] : []), ...domains.map((row) => `${protocol}//${row.domain}`)];
}

export async function findApp(runtime: AppsRuntime, actor: AppActor, appId: string): Promise<AppRow> {
  const app = await runtime.apps.find(actor, appId);
  if (!app) throw appNotFound();
  return app;
}

/** Creates an app; a generated app (GEN_APP) starts from the template as its first version. */
export async function createApp(
  runtime: AppsRuntime,
  actor: AppActor,
  input: Pick<Required<CreateAppRequest>, 'name' | 'type'>,
): Promise<AppRow> {
  const app = await runtime.apps.insert(actor, { name: input.name.trim(), type: input.type });
  if (app.type !== 'GEN_APP') return app;
  try {
    await runtime.versions.createVersion(actor, app.id, {
      files: templateFiles(app.name),
      description: 'Created the app from the template',
    });
  } catch (error) {
    await runtime.apps.delete(actor, app.id);
    throw error;
  }
  return findApp(runtime, actor, app.id);
}

/**
 * Partial update (spec 2 §7 "App saving"). Sign-up can be switched on only once the app is published,
 * and switching it off switches paid memberships off (spec 2 §5).
 */
export async function updateApp(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  input: UpdateAppRequest,
): Promise<AppRow> {
  const app = await findApp(runtime, actor, appId);
  if (input.isSignupEnabled === true && !app.isSignupEnabled && !app.publishedAt) {
    throw new AppError('app_not_published', APP_MESSAGES.publishSignupFirst);
  }
  const changes: AppChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.header !== undefined) changes.header = input.header;
  // A generated app shows one name everywhere (`appTitle`: its header when set): renaming it
  // renames that name too, instead of leaving the old header on its card and in the app.
  else if (input.name !== undefined && app.type === 'GEN_APP' && app.header?.trim())
    changes.header = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.gptPrompt !== undefined) changes.gptPrompt = input.gptPrompt;
  if (input.background !== undefined) changes.background = input.background;
  if (input.features !== undefined) changes.features = input.features;
  if (input.isSignupEnabled !== undefined) changes.isSignupEnabled = input.isSignupEnabled;
  // Builder panels (features/builder): checked first, then merged per key in SQL.
  // The tools list goes through the tools area's rules (paths, activation, plan caps) and table.
  const { tools: toolEntries, ...panels } = input;
  const builderParts = builderPartsOf(panels);
  if (builderParts) {
    const { db } = runtime;
    await assertBuilderPatchAllowed(db, actor.userId, builderParts, {
      adminEmails: runtime.config.auth.adminEmails,
      templateAdminEmails: runtime.config.auth.templateAdminEmails,
      appType: app.type,
    });
    await assertFieldsPatchAllowed(db, actor.userId, appId, builderParts, input.gptPrompt);
    if (!(await saveBuilderPatch(db, actor.userId, appId, builderParts))) throw appNotFound();
  }
  if (toolEntries !== undefined) await saveToolEntries(runtime.tools(), actor, appId, toolEntries);
  // Paid memberships need signup (spec 2 §5): switching signup off switches them off first, so an
  // app never sells memberships nobody can sign up for (issue 23 #4).
  if (input.isSignupEnabled === false && app.isSignupEnabled) {
    await switchMembershipsOff(runtime.db, appId);
  }
  const updated =
    input.slug !== undefined
      ? await updateWithSlug(runtime, actor, app, input.slug, changes)
      : await runtime.apps.update(actor, appId, changes);
  if (!updated) throw appNotFound();
  return updated;
}

export async function deleteApp(runtime: AppsRuntime, actor: AppActor, appId: string): Promise<void> {
  if (!(await runtime.apps.delete(actor, appId))) throw appNotFound();
}

/**
 * Publishes the app (spec 2 §7): stores header, description, gptPrompt, background and features,
 * and pins the current version as the published one, after checking that it builds. The app's own
 * origin (`{slug}.{APPS_DOMAIN}`; the slug asked for, the one it has, or one from its name) then
 * serves that version only, whatever is edited later, until the app is published again.
 */
export async function publishApp(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  input: PublishAppRequest,
): Promise<AppRow> {
  const app = await findApp(runtime, actor, appId);
  if (app.type === 'GEN_APP' && !app.currentVersionId) {
    throw new AppError('bad_request', APP_MESSAGES.nothingToPublish);
  }
  if (app.currentVersionId) {
    const build = await runtime.builds.build(app.id, app.currentVersionId);
    if (build && !build.result.ok) {
      throw new AppError('compile_failed', APP_MESSAGES.compileFailed, {
        versionId: app.currentVersionId,
        diagnostics: build.result.diagnostics,
      });
    }
  }
  const changes: AppChanges = {
    status: 'active',
    publishedVersionId: app.currentVersionId,
    publishedAt: new Date(),
  };
  if (input.header !== undefined) changes.header = input.header;
  if (input.description !== undefined) changes.description = input.description;
  if (input.gptPrompt !== undefined) changes.gptPrompt = input.gptPrompt;
  if (input.background !== undefined) changes.background = input.background;
  if (input.features !== undefined) changes.features = input.features;
  const updated = await updateWithSlug(runtime, actor, app, input.slug, changes);
  if (!updated) throw appNotFound();
  return updated;
}

/**
 * A short-lived link to preview a version (the current one by default) on the preview origin.
 * Only the app's owner gets one; the link carries the token, never a cookie.
 */
export async function issuePreviewLink(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  options: {
    versionId?: string | undefined;
    parentOrigin?: string | undefined;
    /** The main server's origin as the builder page reached it (the request's own origin). */
    requestOrigin?: string | undefined;
    /** Whom the preview acts as (default the owner); `user` creates the app's test end user on first use. */
    viewAs?: PreviewViewAs | undefined;
  } = {},
): Promise<PreviewTokenResponse> {
  const app = await findApp(runtime, actor, appId);
  const { versionId } = options;
  // The builder page names its origin; only builder origins qualify (platform/http/preview-hosts.ts).
  const site = previewSiteFor(runtime.origins(), options.parentOrigin, options.requestOrigin);
  const id = versionId ?? app.currentVersionId;
  if (!id) throw notFound(APP_MESSAGES.noVersions);
  const exists = isDraftId(id)
    ? (await runtime.drafts.find(app.id, id)) !== undefined
    : (await runtime.versions.unsafeFindVersionRow(app.id, id)) !== undefined;
  if (!exists) throw notFound(APP_MESSAGES.versionNotFound);
  const viewAs = options.viewAs ?? 'owner';
  const endUserId = viewAs === 'user' ? await ensureTestEndUser(runtime.db, app.id) : undefined;
  const { token, expiresAt } = await runtime.previewTokens.sign({
    userId: actor.userId,
    appId: app.id,
    versionId: id,
    parentOrigin: site.builder,
    viewAs,
    endUserId,
  });
  const previewOrigin = site.preview;
  const query = new URLSearchParams({ version: id, token });
  return {
    token,
    versionId: id,
    url: `${previewOrigin}/preview/${encodeURIComponent(app.id)}?${query}`,
    previewOrigin,
    expiresAt: expiresAt.toISOString(),
    viewAs,
  };
}
