import { z } from 'zod';

/**
 * The rest of the Settings panel (spec 2 §2 "Settings panel", §3 App, §5, §6, §8; spec 1 §3 App
 * settings, §6, §8): sign-up, main page, terms / privacy / support links, template settings, the
 * claim invitation, the chat assistant activation and the analytics page.
 */

/** spec 1 §6: the tool template library switch is offered only to allow-listed accounts (`TEMPLATE_ADMIN_EMAILS`). */
export const TEMPLATE_LIBRARY_SETTINGS = ['isToolTemplate'] as const;

export const SETTINGS_MESSAGES = {
  /** spec 1 §5 "Category name cannot be empty; category must not already exist." */
  categoryEmpty: 'Category name cannot be empty',
  categoryExists: 'Category already exists',
  invalidLink: (field: string) => `${field} must be a link starting with http:// or https://`,
  invalidSupportEmail: 'supportEmail must be an e-mail address',
  mainPageSpaceOnly: 'mainPage can be set for space apps only',
  templateLibraryOnly: 'Only template library accounts can change this setting',
  /** spec 2 §5: the terms, privacy and support inputs are marked red when empty. */
  requiredHint: 'Required before you publish with user signup',
} as const;

const link = (field: string) =>
  z
    .string()
    .trim()
    .max(2000, { error: `${field} must be at most 2000 characters` })
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), {
      error: SETTINGS_MESSAGES.invalidLink(field),
    })
    .nullable()
    .optional();

export const templateCategoriesSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, { error: SETTINGS_MESSAGES.categoryEmpty })
      .max(100, { error: 'A category name must be at most 100 characters' }),
  )
  .max(50, { error: 'Up to 50 categories' })
  .superRefine((names, ctx) => {
    const seen = new Set<string>();
    for (const name of names) {
      const key = name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.categoryExists });
        return;
      }
      seen.add(key);
    }
  });

/** Settings keys of the Settings panel beyond the limits and model (merged into `AppSettingsPatch`). */
export const appSettingsExtraShape = {
  /** The page a space app opens on (spec 2 §2: space apps only). */
  mainPage: z
    .string()
    .trim()
    .max(200, { error: 'mainPage must be at most 200 characters' })
    .nullable()
    .optional(),
  /**
   * "Require login to access": signed-out visitors of the published app are sent to its sign-in
   * screen (every page), and `@base44/sdk`'s public settings answer 403 `auth_required` to them
   * (Base44's private apps; an import takes it from `base44/config.jsonc`'s `visibility`).
   */
  requireLogin: z.boolean().optional(),
  termsOfServiceLink: link('termsOfServiceLink'),
  privacyPolicyLink: link('privacyPolicyLink'),
  supportEmail: z
    .string()
    .trim()
    .max(320, { error: SETTINGS_MESSAGES.invalidSupportEmail })
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      error: SETTINGS_MESSAGES.invalidSupportEmail,
    })
    .nullable()
    .optional(),
  /** Admin-only template settings (spec 1 §3, §6). */
  isProTool: z.boolean().optional(),
  templateCategory: z.string().trim().max(100).nullable().optional(),
  templateCategories: templateCategoriesSchema.optional(),
  templateDescription: z.string().max(2000).nullable().optional(),
  templateImageUrl: link('templateImageUrl'),
};

export const ADMIN_ONLY_EXTRA_SETTINGS = [
  'isProTool',
  'templateCategory',
  'templateCategories',
  'templateDescription',
  'templateImageUrl',
] as const;

/** `GET /api/builder/settings-access`: whether the tool template library switch is offered. */
export const settingsAccessSchema = z.object({ isTemplateAdmin: z.boolean() }).meta({ id: 'SettingsAccess' });
export type SettingsAccess = z.infer<typeof settingsAccessSchema>;

// ── Claim (spec 2 §3 "Invitation", §7, §8; spec 1 §7, §8) ─────────────────────────────────────

export const CLAIM_CODE_LENGTH = 8;
/** Claim codes avoid look-alike characters (0/O, 1/I/L). */
export const CLAIM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const CLAIM_MESSAGES = {
  /** spec 2 §8 (the builder's toast when the call fails). */
  getInvitationFailed: 'Failed to get invitation, try again later',
  /** spec 1 §8 "Other". */
  getInvitationFailedShort: 'Failed to get invitation',
  publishFirst: "You can't copy invite link until you publish your app",
  copied: 'Copied invite to clipboard',
  notClaimable: 'This app is not open for claiming',
  wrongCode: 'The claim code is not correct',
  alreadyClaimed: 'This app has already been claimed',
  alreadyYours: 'This app is already yours',
  claimed: 'The app is yours now',
  codeRequired: 'Enter the claim code',
} as const;

/** The invitation text copied to the clipboard with the link and code (spec 2 §7). */
export const claimInvitationText = (appName: string, inviteLink: string, claimCode: string) =>
  `You are invited to claim the app "${appName}". Open ${inviteLink}, sign in or sign up, and enter the claim code ${claimCode}.`;

/** The invite link's page: `/claim/app/{appId}`. */
export const claimPagePath = (appId: string) => `/claim/app/${encodeURIComponent(appId)}`;

export const claimInvitationSchema = z
  .object({ inviteLink: z.string(), claimCode: z.string() })
  .meta({ id: 'ClaimInvitation' });
export type ClaimInvitation = z.infer<typeof claimInvitationSchema>;

export const claimInfoSchema = z.object({ appId: z.string(), appName: z.string() }).meta({ id: 'ClaimInfo' });
export type ClaimInfo = z.infer<typeof claimInfoSchema>;

export const claimAppRequestSchema = z
  .object({
    claimCode: z
      .string()
      .trim()
      .min(1, { error: CLAIM_MESSAGES.codeRequired })
      .max(CLAIM_CODE_LENGTH * 4, { error: CLAIM_MESSAGES.wrongCode }),
  })
  .meta({ id: 'ClaimAppRequest' });
export type ClaimAppRequest = z.infer<typeof claimAppRequestSchema>;

export const claimAppResponseSchema = z
  .object({ appId: z.string(), ownerId: z.string(), collaboratorKept: z.boolean() })
  .meta({ id: 'ClaimAppResponse' });
export type ClaimAppResponse = z.infer<typeof claimAppResponseSchema>;

// ── Chat assistant activation (spec 2 §2, §3, §4, §7, §8) ─────────────────────────────────────

export const CHAT_ACTIVATION_MESSAGES = {
  activateFailed: 'Failed to activate chat assistant',
  deactivateFailed: 'Failed to deactivate chat assistant',
  activated: 'Chat assistant activated successfully',
  deactivated: 'Chat assistant deactivated successfully',
} as const;

/** The toggle's label (spec 2 §2 "Activate chat assistant modal"). */
export const chatToggleLabel = (isActive: boolean) => (isActive ? 'Activated' : 'Activate chat');

export const chatActivateRequestSchema = z
  .object({ isActive: z.boolean() })
  .meta({ id: 'ChatActivateRequest' });
export type ChatActivateRequest = z.infer<typeof chatActivateRequestSchema>;

/** Chat assistant settings (spec 2 §3): status and chatAppId, kept in the app's builder content. */
export const chatAssistantSchema = z
  .object({ status: z.enum(['active', 'draft']), chatAppId: z.string() })
  .meta({ id: 'ChatAssistant' });
export type ChatAssistant = z.infer<typeof chatAssistantSchema>;

/** The answer: chatAppId is null only when an assistant never activated is switched off. */
export const chatActivateResponseSchema = z
  .object({ status: z.enum(['active', 'draft']), chatAppId: z.string().nullable() })
  .meta({ id: 'ChatActivateResponse' });
export type ChatActivateResponse = z.infer<typeof chatActivateResponseSchema>;

// ── Analytics (spec 1 §2 /analytics/app/{appId}, §8) ──────────────────────────────────────────

export const ANALYTICS_MESSAGES = {
  publishFirst: 'Publish your app to access analytics.',
  loadFailed: 'Could not load analytics. Please try again.',
} as const;

export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 90;

export const analyticsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(ANALYTICS_MAX_DAYS).optional(),
});

export const analyticsDaySchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  date: z.string(),
  runs: z.number().int(),
  uniqueUsers: z.number().int(),
  signups: z.number().int(),
  messages: z.number().int(),
  /** Page views reported by exported Base44 apps (`appLogs.logUserInApp`). */
  pageViews: z.number().int(),
  tokens: z.number().int(),
  /** US dollars. */
  cost: z.number(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const appAnalyticsSchema = z
  .object({
    appId: z.string(),
    appName: z.string(),
    /** Oldest first, one entry per UTC day, days without activity as zeros. */
    days: z.array(analyticsDaySchema),
    totals: analyticsDaySchema.omit({ date: true }),
  })
  .meta({ id: 'AppAnalytics' });
export type AppAnalytics = z.infer<typeof appAnalyticsSchema>;
