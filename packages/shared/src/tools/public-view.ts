import type { PublicTool, PublicToolField } from '../contracts/tools.ts';

type Obj = Record<string, unknown>;
const asObject = (value: unknown): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The app as a tool's view needs it (a server row or the builder's AppSummary). */
export interface ToolViewApp {
  id: string;
  type: string;
  header: string | null;
  description: string | null;
  builder: unknown;
  style: unknown;
  isSignupEnabled: boolean;
}

/** The tool as its view needs it. */
export interface ToolViewTool {
  id: string;
  path: string;
  title: string;
  imageUrl: string | null;
  content: unknown;
}

export const isSingleToolAppType = (type: string) => type === 'AI_TOOL' || type === 'AI_APP';

/** A field as stored by the Custom fields panel, read leniently (spec 1 §3 "Input field of a tool"). */
export function readToolField(raw: unknown): PublicToolField | null {
  const f = asObject(raw);
  const name = str(f.name);
  if (!name) return null;
  const options = Array.isArray(f.options) ? f.options : [];
  return {
    name,
    label: str(f.label) ?? name,
    type: str(f.type) ?? 'text',
    required: f.required === true,
    personal: f.personal === true,
    memorize: f.memorize === true,
    stepId: str(f.stepId),
    placeholder: str(f.placeholder),
    instructions: str(f.instructions),
    options: options
      .map((option) => asObject(option))
      .filter((option) => typeof option.label === 'string')
      .map((option) => ({ label: option.label as string, iconUrl: str(option.iconUrl) })),
  };
}

/**
 * The public view of a tool: a single-tool app's own content (header, description, builder
 * panels), or a generated app's tool's `content`, with the app's style. The server answers it at
 * `/tool/{path}`; the builder renders the same view as its live preview (issue 19 item 9).
 */
export function publicToolView(app: ToolViewApp, tool: ToolViewTool): PublicTool {
  const single = isSingleToolAppType(app.type);
  const own = asObject(tool.content);
  const builder = single ? asObject(app.builder) : own;
  const header = single ? app.header : str(own.header);
  const description = single ? app.description : str(own.description);
  const steps = Array.isArray(builder.inputSteps) ? builder.inputSteps.map(asObject) : [];
  const title = (single ? app.header : tool.title)?.trim() ?? '';
  return {
    toolId: tool.id,
    appId: app.id,
    path: tool.path,
    title: title || tool.title,
    header: header ?? null,
    description: description ?? null,
    imageUrl: tool.imageUrl,
    style: asObject(app.style),
    texts: {
      inputLabel: str(builder.inputLabel),
      inputPlaceholder: str(builder.inputPlaceholder),
      isInputHidden: builder.isInputHidden === true,
      isInputCollapsed: builder.isInputCollapsed === true,
      welcomeMessage: str(builder.welcomeMessage),
      examples: Array.isArray(builder.examples)
        ? builder.examples.filter((e): e is string => typeof e === 'string')
        : [],
    },
    fields: (Array.isArray(builder.fields) ? builder.fields : [])
      .map(readToolField)
      .filter((field): field is PublicToolField => field !== null),
    isMultiStepInput: builder.isMultiStepInput === true,
    inputSteps: steps
      .filter((step) => typeof step.id === 'string')
      .map((step) => ({ id: step.id as string, title: str(step.title) ?? '' })),
    cta: { message: str(builder.ctaMessage), button: str(builder.ctaButton), link: str(builder.ctaLink) },
    signupEnabled: app.isSignupEnabled === true,
  };
}
