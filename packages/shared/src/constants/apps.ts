/** App types (spec 3 §9: GEN_APP for a generated app, AI_TOOL or AI_APP for a tool; spec 2 §1 space and chat apps). */
export const APP_TYPES = ['GEN_APP', 'AI_TOOL', 'AI_APP', 'SPACE_APP', 'CHAT'] as const;
export type AppTypeName = (typeof APP_TYPES)[number];

/** App status as shown in the builder (spec 1 §4): active once published, draft before. */
export const APP_STATUSES = ['active', 'draft'] as const;
export type AppStatusName = (typeof APP_STATUSES)[number];

/** spec 3 §9 "appBuilderVersion is 4". */
export const APP_BUILDER_VERSION = 4;

/** Version listing answers at most this many versions (spec 1 §7 "up to 50 versions"). */
export const MAX_VERSIONS_PAGE = 50;

/** The builder's version list shows the newest 10 versions, plus the current one when older (spec 3 §2). */
export const VERSION_LIST_VISIBLE = 10;

/** Runtime error panel: delay before it expands or minimises on its own (spec 3 §4, §9: 1 s). */
export const ERROR_PANEL_AUTO_STATE_DELAY_MS = 1000;

/** Desktop breakpoint of the builder (spec 2 §9, spec 3 §4: 1024 px). */
export const DESKTOP_BREAKPOINT_PX = 1024;

/** A preview link (token) is valid this long; the builder asks for a new one before it runs out. */
export const PREVIEW_TOKEN_TTL_SECONDS = 15 * 60;
/**
 * The preview document renews its credential before it expires (the builder left open keeps a
 * working preview), for at most this long after the builder opened it; then a reload gives a new one.
 */
export const PREVIEW_CREDENTIAL_MAX_AGE_SECONDS = 12 * 60 * 60;

/**
 * Whom the builder's preview runs as ("View as"): the app's owner (the default, like the builder
 * in Base44's preview), a signed-out visitor, or the app's test end user (created on demand).
 */
export const PREVIEW_VIEW_AS = ['owner', 'visitor', 'user'] as const;
export type PreviewViewAs = (typeof PREVIEW_VIEW_AS)[number];
/** The test end user's address in each app's tenant (a reserved domain: it never receives mail). */
export const PREVIEW_TEST_USER_EMAIL = 'test-user@preview.invalid';

/** Custom domains are proven with a TXT record at this name under the domain. */
export const DOMAIN_VERIFY_PREFIX = '_atelier-verify';

export const APP_NAME_MAX_LENGTH = 100;

/** Messages of the apps area: the spec's texts where it has one, clear sentences otherwise. */
export const APP_MESSAGES = {
  /** spec 1 §8 "Files" (client texts on a failed save or delete). */
  saveFileFailed: 'Failed to save file',
  deleteFileFailed: 'Failed to delete file',
  deletedFile: (name: string) => `Deleted ${name}`,
  /** spec 1 §8 "Other". */
  noVersions: 'No versions found for this app',
  appNotFound: 'App not found',
  versionNotFound: 'Version not found',
  fileNotFound: 'File not found',
  filePathRequired: 'A new file needs a path',
  fileExists: (path: string) => `A file already exists at ${path}`,
  versionConflict: 'The app changed while saving; please try again',
  nameRequired: 'Give the app a name',
  nothingToPublish: 'The app has no code to publish yet',
  compileFailed: 'The app does not build: fix the errors before publishing',
  publishSignupFirst: 'Publish your app before turning on user signup',
  previewExpired: 'This preview link has expired; reload the preview',
  notPublished: 'This app is not published yet',
  /** A name under the apps domain that no app has (`{slug}.{APPS_DOMAIN}`). */
  noAppHere: 'There is no app at this address',
  domainInvalid: 'Enter a domain name such as app.example.com',
  domainReserved: 'This domain belongs to the platform and cannot be connected to an app',
  domainInUse: 'This domain is already connected to another app',
  domainNotFound: 'This domain is not connected to the app',
  domainNotVerified: (txtName: string, txtValue: string) =>
    `No TXT record ${txtName} with the value ${txtValue} was found. DNS changes can take a while; try again later.`,
} as const;

/** Runtime error panel texts (spec 3 §4 "Runtime error panel", §6 "suppress errors and resolve-with-AI"). */
export const ERROR_PANEL_TEXTS = {
  resolveWithAi: 'Resolve with AI',
  suppress: 'Suppress',
} as const;
