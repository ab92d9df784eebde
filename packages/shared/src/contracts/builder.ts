import { z } from 'zod';
import {
  FIELD_MESSAGES,
  FIELD_TYPES,
  FILTER_CONDITIONS,
  MAX_CUSTOM_FIELDS,
  MAX_FIELD_INSTRUCTIONS_LENGTH,
  MAX_FIELD_LABEL_LENGTH,
  MAX_FIELD_NAME_LENGTH,
  MAX_FIELD_OPTIONS,
  MAX_OPTION_LABEL_LENGTH,
} from '../builder/fields.ts';
import { ADMIN_ONLY_EXTRA_SETTINGS, appSettingsExtraShape } from './builder-settings.ts';

/**
 * Builder panels (spec 2 §2–§7, spec 1 §3): the partial objects the builder saves with
 * `PATCH /api/apps/{appId}` (debounced, spec 2 §7 "App saving"). Every key is optional; the server
 * merges each saved object into the stored one per key, so two tabs saving different keys never
 * lose each other's change. Out-of-range values answer 400 naming the field.
 */

export const MAX_INPUT_EXAMPLES = 3;
export const BUILDER_SAVE_DEBOUNCE_MS = 2000;
export const USER_LIMIT_MIN = 1;
export const USER_LIMIT_MAX = 100;
export const CREDITS_PER_RUN_MIN = 0;
export const CREDITS_PER_RUN_MAX = 20;
export const DEFAULT_CREDITS_PER_RUN = 1;
export const MODEL_TEMPERATURE_MAX = 2;
export const APP_STYLE_NAMES = ['dark', 'colorful', 'light'] as const;
export const AI_QUERY_METHODS = ['default', 'chain', 'rag'] as const;

export const BUILDER_MESSAGES = {
  unsavedChanges: 'You have unsaved changes! Are you sure you want to leave?',
  saveFailed: 'Failed saving app, your changes might be lost. Please try again or contact us',
  saveAppFailed: 'Failed to save app',
  saveToolFailed: 'Failed to save tool',
  saveStyleFailed: 'Failed to save app style',
  saveSettingsFailed: 'Failed to save app settings',
  adminOnly: 'Only admins can change this setting',
} as const;

const text = (field: string, max: number) =>
  z
    .string()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .nullable()
    .optional();

const optionSchema = z.object({
  label: z
    .string()
    .max(MAX_OPTION_LABEL_LENGTH, { error: `Option must be at most ${MAX_OPTION_LABEL_LENGTH} characters` }),
  iconUrl: z.string().max(2000).nullable().optional(),
  id: z.string().max(100).optional(),
});

/** Spec 1 §3 "Input field of a tool"; older saves (name, label, type, options) stay valid. */
export const customFieldSchema = z
  .object({
    name: z
      .string()
      .min(1, { error: FIELD_MESSAGES.nameEmpty })
      .max(MAX_FIELD_NAME_LENGTH, { error: FIELD_MESSAGES.nameTooLong }),
    label: z.string().max(MAX_FIELD_LABEL_LENGTH).optional(),
    type: z.enum(FIELD_TYPES, { error: `type must be one of ${FIELD_TYPES.join(', ')}` }),
    required: z.boolean().optional(),
    personal: z.boolean().optional(),
    memorize: z.boolean().optional(),
    stepId: z.string().max(20).nullable().optional(),
    instructions: z.string().max(MAX_FIELD_INSTRUCTIONS_LENGTH).nullable().optional(),
    options: z.array(optionSchema).max(MAX_FIELD_OPTIONS).optional(),
    optionsConfig: z.record(z.string(), z.unknown()).nullable().optional(),
    filterCondition: z.enum(FILTER_CONDITIONS).optional(),
    toolId: z.string().max(100).nullable().optional(),
  })
  .meta({ id: 'CustomField' });
export type CustomField = z.infer<typeof customFieldSchema>;
export type FieldOption = z.infer<typeof optionSchema>;

/** An input step; a missing id is generated (4 characters) when saved. */
export const inputStepSchema = z.object({ id: z.string().max(20).optional(), title: z.string().max(200) });
export type InputStep = { id: string; title: string };

/** `POST /api/builder/magicCreate` (spec 2 §7): the typed field name, magicType field, and the app's prompt. */
export const magicCreateRequestSchema = z
  .object({
    input: z.string().trim().min(1, { error: FIELD_MESSAGES.magicNameMissing }).max(500),
    magicType: z.literal('field'),
    prompt: z.string().max(50_000).optional(),
    /** The app the field is for: its fields are checked for a duplicate name. */
    appId: z.string().max(100).optional(),
  })
  .meta({ id: 'MagicCreateRequest' });
export type MagicCreateRequest = z.infer<typeof magicCreateRequestSchema>;

export const magicCreateResponseSchema = z
  .object({ result: z.object({ name: z.string(), field: customFieldSchema }) })
  .meta({ id: 'MagicCreateResponse' });
export type MagicCreateResponse = z.infer<typeof magicCreateResponseSchema>;

export const toolEntrySchema = z.object({
  toolId: z.string().max(100),
  title: z.string().max(500),
  path: z.string().max(200),
  status: z.enum(['active', 'draft']),
  imageUrl: z.string().max(2000).nullable().optional(),
});

/** The panel fields kept in the app's builder content (apart from header/description/gptPrompt). */
export const builderContentPatchShape = {
  examples: z
    .array(z.string().max(500))
    .max(MAX_INPUT_EXAMPLES, { error: `examples: up to ${MAX_INPUT_EXAMPLES} input examples` })
    .optional(),
  welcomeMessage: text('welcomeMessage', 5000),
  inputLabel: text('inputLabel', 500),
  inputPlaceholder: text('inputPlaceholder', 500),
  isInputHidden: z.boolean().optional(),
  isInputCollapsed: z.boolean().optional(),
  ctaMessage: text('ctaMessage', 1000),
  ctaButton: text('ctaButton', 200),
  ctaLink: text('ctaLink', 2000),
  fields: z.array(customFieldSchema).max(MAX_CUSTOM_FIELDS, { error: FIELD_MESSAGES.maxFields() }).optional(),
  inputSteps: z.array(inputStepSchema).max(50).optional(),
  isMultiStepInput: z.boolean().optional(),
  tools: z.array(toolEntrySchema).max(200).optional(),
};
export const BUILDER_CONTENT_KEYS = Object.keys(
  builderContentPatchShape,
) as (keyof typeof builderContentPatchShape)[];

const color = (field: string) =>
  z
    .string()
    .max(100, { error: `${field} must be at most 100 characters` })
    .nullable()
    .optional();

export const appStylePatchSchema = z
  .strictObject({
    styleName: z.enum(APP_STYLE_NAMES, { error: 'styleName must be dark, colorful or light' }).optional(),
    background: color('background'),
    backgroundImage: z.string().max(2000).nullable().optional(),
    logoUrl: z.string().max(2000).nullable().optional(),
    headerTextColor: color('headerTextColor'),
    subheaderTextColor: color('subheaderTextColor'),
    buttonTextColor: color('buttonTextColor'),
    buttonBackgroundColor: color('buttonBackgroundColor'),
    /** Hide the watermark: admins only (spec 1 §6). */
    hideBuildAI: z.boolean().optional(),
  })
  .meta({ id: 'AppStylePatch' });
export type AppStylePatch = z.infer<typeof appStylePatchSchema>;

const userLimit = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .min(USER_LIMIT_MIN, { error: `${field} must be between ${USER_LIMIT_MIN} and ${USER_LIMIT_MAX}` })
    .max(USER_LIMIT_MAX, { error: `${field} must be between ${USER_LIMIT_MIN} and ${USER_LIMIT_MAX}` })
    .nullable()
    .optional();

export const appSettingsPatchSchema = z
  .strictObject({
    aiModel: z.string().min(1).max(200).optional(),
    modelTemperature: z
      .number({ error: 'modelTemperature must be a number' })
      .min(0, { error: `modelTemperature must be between 0 and ${MODEL_TEMPERATURE_MAX}` })
      .max(MODEL_TEMPERATURE_MAX, {
        error: `modelTemperature must be between 0 and ${MODEL_TEMPERATURE_MAX}`,
      })
      .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9, {
        error: 'modelTemperature must be a multiple of 0.1',
      })
      .optional(),
    aiQueryMethod: z.enum(AI_QUERY_METHODS, { error: 'aiQueryMethod is not a known method' }).optional(),
    dailyUserLimit: userLimit('dailyUserLimit'),
    weeklyUserLimit: userLimit('weeklyUserLimit'),
    creditsPerRun: z
      .number({ error: 'creditsPerRun must be a number' })
      .int({ error: 'creditsPerRun must be a whole number' })
      .min(CREDITS_PER_RUN_MIN, { error: `creditsPerRun must be between 0 and ${CREDITS_PER_RUN_MAX}` })
      .max(CREDITS_PER_RUN_MAX, { error: `creditsPerRun must be between 0 and ${CREDITS_PER_RUN_MAX}` })
      .optional(),
    userCanEditResults: z.boolean().optional(),
    isClaimable: z.boolean().optional(),
    isToolTemplate: z.boolean().optional(),
    isAppTemplate: z.boolean().optional(),
    requireBuilderCollaboratorAccount: z.boolean().optional(),
    templateFields: z.array(z.string().max(100)).max(100).optional(),
    ...appSettingsExtraShape,
  })
  .meta({ id: 'AppSettingsPatch' });
export type AppSettingsPatch = z.infer<typeof appSettingsPatchSchema>;

/** Admin-only keys (spec 1 §6), refused with 403 for other builders. */
export const ADMIN_ONLY_SETTINGS = [
  'aiModel',
  'modelTemperature',
  'aiQueryMethod',
  'creditsPerRun',
  'userCanEditResults',
  'isClaimable',
  'isToolTemplate',
  'isAppTemplate',
  'requireBuilderCollaboratorAccount',
  'templateFields',
  ...ADMIN_ONLY_EXTRA_SETTINGS,
] as const satisfies readonly (keyof AppSettingsPatch)[];
export const ADMIN_ONLY_STYLE = ['hideBuildAI'] as const satisfies readonly (keyof AppStylePatch)[];

export const builderPatchShape = {
  ...builderContentPatchShape,
  style: appStylePatchSchema.optional(),
  settings: appSettingsPatchSchema.optional(),
};
