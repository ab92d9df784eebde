import { z } from 'zod';
import { builderContentPatchShape } from './builder.ts';

/**
 * Tools (spec 2 §2 "App tools panel", "Activate tool modal", §4–§5; spec 3 §2 tool paths and §4 run
 * state; spec 1 §3 input fields, §5 usage limits). A tool is reached publicly at `/tool/{path}`;
 * a single-tool app (AI_TOOL, AI_APP) has exactly one tool whose content is the app's own.
 */

/** spec 2 §5: letters, numbers and dashes; not empty. */
export const TOOL_PATH_PATTERN = /^[A-Za-z0-9-]+$/;
export const TOOL_PATH_MAX_LENGTH = 100;
export const TOOL_TITLE_MAX_LENGTH = 200;
/** Runs of a tool keep at most this many passages from its data sources. */
export const TOOL_RUN_PASSAGES = 5;
export const TOOL_INPUT_MAX_LENGTH = 10_000;

export const TOOL_MESSAGES = {
  /** spec 2 §5. */
  pathInvalid: 'Path should contain only letters, numbers, and dashes. It cannot be empty.',
  /** spec 2 §5 gives one text for an invalid path and one another tool uses ("unique … Otherwise"). */
  pathTaken: 'Path should contain only letters, numbers, and dashes. It cannot be empty.',
  titleRequired: 'Your tool should have a header before it is activated',
  /** spec 3 §2. */
  notFoundByPath: (path: string) => `Tool with path ${path} not found`,
  toolNotFound: 'Tool not found',
  /** spec 2 §2 Activate tool modal. */
  activateTitle: 'Activate Your Tool!',
  activateToggle: 'Activate tool',
  activatedToggle: 'Activated',
  /** spec 3 §8 (a failed answer). */
  runFailed: 'There was an error. You can retry or try a different input. Contact us if the issue persists.',
  /** Issue 20 #13: an answer that restated the tool's hidden prompt is not shown. */
  promptWithheld:
    "This answer was withheld because it repeated the tool's instructions. Try a different input.",
  /** spec 1 §5 usage limits; the spec names them without their texts. */
  dailyLimitReached: (n: number) =>
    `You have reached the daily limit of ${n} ${n === 1 ? 'run' : 'runs'} for this tool. Try again tomorrow.`,
  weeklyLimitReached: (n: number) =>
    `You have reached the weekly limit of ${n} ${n === 1 ? 'run' : 'runs'} for this tool. Try again next week.`,
  fieldRequired: (label: string) => `${label} is required`,
  emailInvalid: (label: string) => `${label} should be a valid email`,
  numberInvalid: (label: string) => `${label} should be a number`,
  dateInvalid: (label: string) => `${label} should be a date (YYYY-MM-DD)`,
  inputRequired: 'Please fill in the input before running the tool',
  singleToolOnly: 'A single-tool app has exactly one tool',
  singleToolContent: "A single-tool app's texts and fields are the app's own: save them on the app",
  /** spec 2 §5 "Tool count: a warning is shown at the plan maximum". */
  toolCountWarning: (max: number) => `You have reached the maximum of ${max} tools for this app.`,
} as const;

export const TOOL_STATUSES = ['active', 'draft'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

/** True for a path the spec accepts. */
export const isValidToolPath = (path: string) =>
  path.length > 0 && path.length <= TOOL_PATH_MAX_LENGTH && TOOL_PATH_PATTERN.test(path);

const pathSchema = z
  .string({ error: TOOL_MESSAGES.pathInvalid })
  .refine(isValidToolPath, { error: TOOL_MESSAGES.pathInvalid });

export const toolSchema = z
  .object({
    toolId: z.string(),
    appId: z.string(),
    title: z.string(),
    path: z.string(),
    status: z.enum(TOOL_STATUSES),
    imageUrl: z.string().nullable(),
    position: z.number().int(),
    /** `/tool/{path}` */
    url: z.string(),
    /** A generated app's tool: its own texts, prompt, fields and call to action (null for a single tool). */
    content: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'Tool' });
export type Tool = z.infer<typeof toolSchema>;

export const toolsListResponseSchema = z
  .object({
    tools: z.array(toolSchema),
    /** Active tools across the builder's apps, and the plan's live-tool cap. */
    liveTools: z.object({ count: z.number().int(), cap: z.number().int() }),
    /** The tools-per-app maximum (a shared constant). */
    maxTools: z.number().int(),
  })
  .meta({ id: 'ToolsList' });
export type ToolsListResponse = z.infer<typeof toolsListResponseSchema>;

export const createToolRequestSchema = z.object({
  title: z.string().trim().min(1).max(TOOL_TITLE_MAX_LENGTH),
  path: pathSchema.optional(),
});
export type CreateToolRequest = z.infer<typeof createToolRequestSchema>;

/**
 * A generated app's tool keeps its own texts, prompt, fields and call to action (a single-tool app
 * edits its app instead); merged per key like the app's builder content.
 */
export const toolContentPatchSchema = z
  .strictObject({
    header: z.string().max(500).nullable().optional(),
    description: z.string().max(5000).nullable().optional(),
    gptPrompt: z.string().max(50_000).nullable().optional(),
    ...builderContentPatchShape,
  })
  .omit({ tools: true });
export type ToolContentPatch = z.infer<typeof toolContentPatchSchema>;

export const updateToolRequestSchema = z.object({
  title: z.string().max(TOOL_TITLE_MAX_LENGTH).optional(),
  path: pathSchema.optional(),
  status: z.enum(TOOL_STATUSES).optional(),
  imageUrl: z.string().max(2000).nullable().optional(),
  content: toolContentPatchSchema.optional(),
});
export type UpdateToolRequest = z.infer<typeof updateToolRequestSchema>;

export const reorderToolsRequestSchema = z.object({ toolIds: z.array(z.string().max(100)).max(200) });
export type ReorderToolsRequest = z.infer<typeof reorderToolsRequestSchema>;

export const toolParamsSchema = z.object({
  appId: z.string().min(1).max(100),
  toolId: z.string().min(1).max(100),
});
export const toolPathParamSchema = z.object({ path: z.string().min(1).max(200) });
/**
 * `{appBase}/tool/{toolPath}` (spec 3 §2): with `appId`, the path must name a tool of that app
 * (another app's tool answers 404 like an unknown path).
 */
export const toolPathQuerySchema = z.object({ appId: z.string().min(1).max(100).optional() });

/** A field as the public page shows it (never the prompt, never a secret). */
export const publicToolFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  required: z.boolean(),
  personal: z.boolean(),
  memorize: z.boolean(),
  stepId: z.string().nullable(),
  placeholder: z.string().nullable(),
  instructions: z.string().nullable(),
  options: z.array(z.object({ label: z.string(), iconUrl: z.string().nullable() })),
});
export type PublicToolField = z.infer<typeof publicToolFieldSchema>;

export const publicToolSchema = z
  .object({
    toolId: z.string(),
    appId: z.string(),
    path: z.string(),
    title: z.string(),
    header: z.string().nullable(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    style: z.record(z.string(), z.unknown()),
    texts: z.object({
      inputLabel: z.string().nullable(),
      inputPlaceholder: z.string().nullable(),
      isInputHidden: z.boolean(),
      isInputCollapsed: z.boolean(),
      welcomeMessage: z.string().nullable(),
      examples: z.array(z.string()),
    }),
    fields: z.array(publicToolFieldSchema),
    isMultiStepInput: z.boolean(),
    inputSteps: z.array(z.object({ id: z.string(), title: z.string() })),
    cta: z.object({
      message: z.string().nullable(),
      button: z.string().nullable(),
      link: z.string().nullable(),
    }),
    /** The app's User signup setting (spec 2 §5): its end users may make accounts and sign in. */
    signupEnabled: z.boolean(),
  })
  .meta({ id: 'PublicTool' });
export type PublicTool = z.infer<typeof publicToolSchema>;

export const toolFieldValueSchema = z.union([
  z.string().max(TOOL_INPUT_MAX_LENGTH),
  z.number(),
  z.boolean(),
  z.array(z.string().max(1000)).max(200),
  z.null(),
]);
export type ToolFieldValue = z.infer<typeof toolFieldValueSchema>;

export const runToolRequestSchema = z.object({
  /** The main input (absent when the tool hides it). */
  input: z.string().max(TOOL_INPUT_MAX_LENGTH).optional(),
  values: z.record(z.string().max(100), toolFieldValueSchema).default({}),
});
export type RunToolRequest = z.input<typeof runToolRequestSchema>;

export const runToolResponseSchema = z
  .object({
    runId: z.string(),
    status: z.literal('success'),
    output: z.string(),
    creditsUsed: z.number().int(),
  })
  .meta({ id: 'ToolRun' });
export type RunToolResponse = z.infer<typeof runToolResponseSchema>;

export const memoriesQuerySchema = z.object({ appId: z.string().min(1).max(100) });
/** spec 1 §7 `GET /api/live_api/user/memories/current?appId` (shape not shown): field name → last answer. */
export const memoriesResponseSchema = z
  .object({ appId: z.string(), memories: z.record(z.string(), toolFieldValueSchema) })
  .meta({ id: 'UserMemories' });
export type MemoriesResponse = z.infer<typeof memoriesResponseSchema>;
