import type { PublicTool, PublicToolField } from '@atelier/shared';
import type { AppRow } from '../apps/apps.repo.ts';
import type { ToolRow } from './tools.repo.ts';
import { isSingleToolApp, toolTitleOf } from './tools.service.ts';

type Obj = Record<string, unknown>;
const asObject = (value: unknown): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** What a run needs beyond the public view: the prompt and the app's model settings. */
export interface ToolContent {
  view: PublicTool;
  prompt: string;
  settings: Obj;
}

/** A field as stored by the Custom fields panel, read leniently (spec 1 §3 "Input field of a tool"). */
export function readField(raw: unknown): PublicToolField | null {
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
 * The content of a tool: a single-tool app's own (header, description, builder panels, prompt), or
 * a generated app's tool's `content`, with the app's style. Never carries secrets; the prompt and
 * settings stay on the server.
 */
export function toolContentOf(app: AppRow, tool: ToolRow): ToolContent {
  const single = isSingleToolApp(app);
  const own = asObject(tool.content);
  const builder = single ? asObject(app.builder) : own;
  const header = single ? app.header : str(own.header);
  const description = single ? app.description : str(own.description);
  const prompt = (single ? app.gptPrompt : str(own.gptPrompt)) ?? '';
  const cta = builder;
  const steps = Array.isArray(builder.inputSteps) ? builder.inputSteps.map(asObject) : [];
  const view: PublicTool = {
    toolId: tool.id,
    appId: app.id,
    path: tool.path,
    title: toolTitleOf(app, tool) || tool.title,
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
      .map(readField)
      .filter((field): field is PublicToolField => field !== null),
    isMultiStepInput: builder.isMultiStepInput === true,
    inputSteps: steps
      .filter((step) => typeof step.id === 'string')
      .map((step) => ({ id: step.id as string, title: str(step.title) ?? '' })),
    cta: { message: str(cta.ctaMessage), button: str(cta.ctaButton), link: str(cta.ctaLink) },
    signupEnabled: app.isSignupEnabled === true,
  };
  return { view, prompt, settings: asObject(app.settings) };
}
