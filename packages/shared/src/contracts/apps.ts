import { z } from 'zod';
import { MAX_APP_FILE_BYTES, MAX_APP_PATH_LENGTH } from '../app-files/app-file.ts';
import { appSlugProblem, normaliseAppSlug } from '../apps/app-slug.ts';
import {
  APP_MESSAGES,
  APP_NAME_MAX_LENGTH,
  APP_STATUSES,
  APP_TYPES,
  MAX_VERSIONS_PAGE,
  PREVIEW_VIEW_AS,
} from '../constants/apps.ts';
import { builderPatchShape } from './builder.ts';

/**
 * Contracts of the apps area: apps (CRUD and publishing), their file tree and immutable versions,
 * preview links and custom domains. Dates are ISO strings.
 */

export const appTypeSchema = z.enum(APP_TYPES);
export const appStatusSchema = z.enum(APP_STATUSES);

const optionalText = (max: number) => z.string().max(max).nullable().optional();

export const appSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: appTypeSchema,
    /** active once published, draft before (spec 1 §4). */
    status: appStatusSchema,
    appBuilderVersion: z.number().int(),
    header: z.string().nullable(),
    description: z.string().nullable(),
    gptPrompt: z.string().nullable(),
    background: z.string().nullable(),
    features: z.unknown().nullable(),
    isSignupEnabled: z.boolean(),
    currentVersionId: z.string().nullable(),
    publishedVersionId: z.string().nullable(),
    publishedAt: z.string().nullable(),
    /** The app's address label: `{slug}.{APPS_DOMAIN}`; chosen at the first publish (default from the name). */
    slug: z.string().nullable(),
    /**
     * Where the published app is served: its own origin, `{scheme}://{slug}.{APPS_DOMAIN}/`
     * (dev: `http://{slug}.localhost:{port}/`), or null while a draft.
     */
    publishedUrl: z.string().nullable(),
    /** Builder panel content (texts, fields, tools, call to action…; contracts/builder.ts). */
    builder: z.record(z.string(), z.unknown()),
    /** App style (Branding panel) and settings (App settings panel), creditsPerRun defaulting to 1. */
    style: z.record(z.string(), z.unknown()),
    settings: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'App' });
export type AppSummary = z.infer<typeof appSchema>;

export const appIdParamSchema = z.object({ appId: z.string().min(1).max(100) });

export const createAppRequestSchema = z
  .object({
    name: z.string().trim().min(1, { error: APP_MESSAGES.nameRequired }).max(APP_NAME_MAX_LENGTH),
    type: appTypeSchema.default('GEN_APP'),
    /**
     * The builder's first prompt (issue 19): with a model configured, the model names the app from
     * it (bounded in time; `name` when it fails or answers nothing usable).
     */
    prompt: z.string().trim().max(10_000).optional(),
  })
  .meta({ id: 'CreateAppRequest' });
export type CreateAppRequest = z.input<typeof createAppRequestSchema>;

export const updateAppRequestSchema = z
  .object({
    name: z.string().trim().min(1, { error: APP_MESSAGES.nameRequired }).max(APP_NAME_MAX_LENGTH).optional(),
    header: optionalText(500),
    description: optionalText(5000),
    gptPrompt: optionalText(50_000),
    background: optionalText(2000),
    features: z.unknown().optional(),
    isSignupEnabled: z.boolean().optional(),
    /** A new address label (checked like at publish: format, reserved, taken). */
    slug: z.string().max(100).optional(),
    ...builderPatchShape,
  })
  .meta({ id: 'UpdateAppRequest' });
export type UpdateAppRequest = z.infer<typeof updateAppRequestSchema>;

export const appsListResponseSchema = z.object({ apps: z.array(appSchema) }).meta({ id: 'AppsList' });

/** Publishing sends header, description, gptPrompt, background and features (spec 2 §7). */
export const publishAppRequestSchema = z
  .object({
    header: optionalText(500),
    description: optionalText(5000),
    gptPrompt: optionalText(50_000),
    background: optionalText(2000),
    features: z.unknown().optional(),
    /** The address label; default: the app's current one, else one made from its name. */
    slug: z.string().max(100).optional(),
  })
  .meta({ id: 'PublishAppRequest' });
export type PublishAppRequest = z.infer<typeof publishAppRequestSchema>;

/**
 * The builder's publish dialog: the five fields publishing sends (spec 2 §7). Features are typed
 * one per line and sent as a list of strings.
 */
export const publishAppFormSchema = z.object({
  header: z.string().trim().max(500),
  description: z.string().trim().max(5000),
  gptPrompt: z.string().trim().max(50_000),
  background: z.string().trim().max(2000),
  features: z.string().max(20_000),
  /** The address label; empty: the app's current one, else one made from its name (the server picks). */
  slug: z
    .string()
    .max(100)
    .transform(normaliseAppSlug)
    .superRefine((slug, ctx) => {
      const problem = slug === '' ? null : appSlugProblem(slug);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type PublishAppForm = z.infer<typeof publishAppFormSchema>;

/** The features list of the publish form: one non-empty line each. */
export const featuresFromLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** An app's stored features as the form's lines (a list of strings; anything else as JSON). */
export const featuresToLines = (features: unknown): string => {
  if (features === null || features === undefined) return '';
  if (Array.isArray(features) && features.every((f) => typeof f === 'string')) return features.join('\n');
  return typeof features === 'string' ? features : JSON.stringify(features);
};

export const publishAppResponseSchema = z
  .object({ app: appSchema, publishedVersionId: z.string().nullable(), url: z.string() })
  .meta({ id: 'PublishAppResponse' });
export type PublishAppResponse = z.infer<typeof publishAppResponseSchema>;

/** An app version (spec 3 §3 "Version"; spec 1 §3 "App version": createdAt equals timestamp). */
export const appVersionSchema = z
  .object({
    id: z.string(),
    /** 1 for the first version of an app, then 2, 3 … */
    seq: z.number().int(),
    timestamp: z.string(),
    createdAt: z.string(),
    messageId: z.string().nullable(),
    userRequest: z.string().nullable(),
    metadata: z.object({ description: z.string() }),
    parentVersionId: z.string().nullable(),
    /** SHA-256 of the file tree (`contentHash`): equal trees have equal hashes. */
    contentHash: z.string(),
  })
  .meta({ id: 'AppVersion' });
export type AppVersion = z.infer<typeof appVersionSchema>;

export const versionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_VERSIONS_PAGE).optional(),
});

export const versionsListResponseSchema = z
  .object({
    /** Newest first. */
    versions: z.array(appVersionSchema),
    currentVersionId: z.string().nullable(),
    publishedVersionId: z.string().nullable(),
  })
  .meta({ id: 'AppVersionsList' });
export type VersionsListResponse = z.infer<typeof versionsListResponseSchema>;

/** A file of a version: its stable id (kept across versions while the file exists), path and content. */
export const versionFileSchema = z
  .object({ id: z.string(), path: z.string(), content: z.string() })
  .meta({ id: 'AppVersionFile' });
export type VersionFile = z.infer<typeof versionFileSchema>;

export const versionFilesResponseSchema = z
  .object({ files: z.array(versionFileSchema), version: appVersionSchema })
  .meta({ id: 'AppVersionFiles' });
export type VersionFilesResponse = z.infer<typeof versionFilesResponseSchema>;

const filePathSchema = z.string().min(1).max(MAX_APP_PATH_LENGTH);
/** Transport bound only; the service answers the spec's limits with their own messages. */
const fileContentSchema = z.string().max(MAX_APP_FILE_BYTES * 4);

const versionMetaFields = {
  /** What the version says about itself (shown in the version list). */
  description: z.string().max(500).optional(),
  messageId: z.string().max(100).optional(),
  userRequest: z.string().max(20_000).optional(),
};

/** `POST /api/apps/{appId}/files/update`: updates the file with `id`, or creates one at `path` (spec 1 §7). */
export const updateFileRequestSchema = z
  .object({
    file: z.object({
      id: z.string().min(1).max(100).optional(),
      path: filePathSchema.optional(),
      content: fileContentSchema,
    }),
    ...versionMetaFields,
  })
  .meta({ id: 'UpdateFileRequest' });
export type UpdateFileRequest = z.infer<typeof updateFileRequestSchema>;

export const updateFileResponseSchema = z
  .object({ file: versionFileSchema, version: appVersionSchema })
  .meta({ id: 'UpdateFileResponse' });
export type UpdateFileResponse = z.infer<typeof updateFileResponseSchema>;

/** `POST /api/apps/{appId}/files/delete`: deletes a file and updates the files that referenced it, in one version. */
export const deleteFileRequestSchema = z
  .object({
    fileId: z.string().min(1).max(100),
    referencesToUpdate: z
      .array(z.object({ path: filePathSchema, content: fileContentSchema }))
      .max(300)
      .default([]),
    ...versionMetaFields,
  })
  .meta({ id: 'DeleteFileRequest' });
export type DeleteFileRequest = z.input<typeof deleteFileRequestSchema>;

export const deleteFileResponseSchema = z
  .object({ deleted: z.object({ id: z.string(), path: z.string() }), version: appVersionSchema })
  .meta({ id: 'DeleteFileResponse' });
export type DeleteFileResponse = z.infer<typeof deleteFileResponseSchema>;

/**
 * `POST /api/apps/{appId}/files/rename` (the code editor's Rename; the spec words no rename): moves
 * the file to `path` and rewrites the imports that named it (and its own relative imports), in one
 * version.
 */
export const renameFileRequestSchema = z
  .object({ fileId: z.string().min(1).max(100), path: filePathSchema })
  .meta({ id: 'RenameFileRequest' });
export type RenameFileRequest = z.infer<typeof renameFileRequestSchema>;

export const renameFileResponseSchema = z
  .object({
    file: versionFileSchema,
    /** The other files whose imports now name the new path. */
    updatedImports: z.array(z.string()),
    version: appVersionSchema,
  })
  .meta({ id: 'RenameFileResponse' });
export type RenameFileResponse = z.infer<typeof renameFileResponseSchema>;

export const currentFilesResponseSchema = z
  .object({ versionId: z.string().nullable(), files: z.array(versionFileSchema) })
  .meta({ id: 'AppCurrentFiles' });

export const previewTokenRequestSchema = z
  .object({
    versionId: z.string().min(1).max(100).optional(),
    /** The builder page's origin (`location.origin`), where the preview posts runtime errors; must be a builder origin. */
    parentOrigin: z.string().max(200).optional(),
    /** Whom the preview's app acts as (default `owner`); `user` creates the app's test end user on first use. */
    viewAs: z.enum(PREVIEW_VIEW_AS).optional(),
  })
  .meta({ id: 'PreviewTokenRequest' });

export const previewTokenResponseSchema = z
  .object({
    token: z.string(),
    versionId: z.string(),
    /** The preview document on the preview origin, token included: the iframe's src. */
    url: z.string(),
    previewOrigin: z.string(),
    expiresAt: z.string(),
    viewAs: z.enum(PREVIEW_VIEW_AS),
  })
  .meta({ id: 'PreviewToken' });
export type PreviewTokenResponse = z.infer<typeof previewTokenResponseSchema>;

export const appDomainSchema = z
  .object({
    domain: z.string(),
    /** The TXT record that proves the domain: `_atelier-verify.{domain}` … */
    txtName: z.string(),
    /** … with this value. */
    txtValue: z.string(),
    verified: z.boolean(),
    verifiedAt: z.string().nullable(),
  })
  .meta({ id: 'AppDomain' });
export type AppDomain = z.infer<typeof appDomainSchema>;

export const addDomainRequestSchema = z
  .object({ domain: z.string().trim().min(1).max(253) })
  .meta({ id: 'AddDomainRequest' });

export const domainsListResponseSchema = z
  .object({ domains: z.array(appDomainSchema) })
  .meta({ id: 'AppDomainsList' });

/** The message a compiled app posts to the builder for each runtime error (spec 3 §3 "Runtime error item"). */
export const runtimeErrorMessageSchema = z.object({
  type: z.literal('atelier:runtime-error'),
  title: z.string(),
  details: z.string(),
  componentName: z.string().nullable(),
});
export type RuntimeErrorMessage = z.infer<typeof runtimeErrorMessageSchema>;

/**
 * The message the preview document posts to the builder once it runs and on every navigation: the
 * route it shows under its base path (`/contacts?x=1`), or null for a document without the app (a
 * version that does not build). The first one is the handshake: until it arrives the preview has
 * not loaded.
 */
export const previewRouteMessageSchema = z.object({
  type: z.literal('atelier:preview-route'),
  route: z.string().max(2000).nullable(),
});
export type PreviewRouteMessage = z.infer<typeof previewRouteMessageSchema>;
export type DomainsListResponse = z.infer<typeof domainsListResponseSchema>;
