import type { AppTypeName } from '@atelier/shared';

/** What a builder can start from the home prompt box. */
export type AppKind = 'generated_app' | 'single_tool' | 'space_app' | 'chat';

export interface AppKindOption {
  value: AppKind;
  label: string;
  description: string;
}

export const APP_KINDS: readonly AppKind[] = ['generated_app', 'single_tool', 'space_app', 'chat'];

export const APP_KIND_OPTIONS: readonly AppKindOption[] = [
  { value: 'generated_app', label: 'Generated app', description: 'A multi-page app with its own data' },
  { value: 'single_tool', label: 'Single tool', description: 'One AI tool with inputs and a result' },
  { value: 'space_app', label: 'Space app', description: 'A workspace app with a database' },
  { value: 'chat', label: 'Chat', description: 'A chat assistant on your own context' },
];

/** The app type created for each kind (single tool: AI_TOOL; generated: GEN_APP; space: SPACE_APP; chat: CHAT). */
export function appTypeOfKind(kind: AppKind): AppTypeName {
  switch (kind) {
    case 'single_tool':
      return 'AI_TOOL';
    case 'space_app':
      return 'SPACE_APP';
    case 'chat':
      return 'CHAT';
    default:
      return 'GEN_APP';
  }
}

export const DEFAULT_APP_KIND: AppKind = 'generated_app';

export interface ExamplePrompt {
  label: string;
  prompt: string;
}

export const EXAMPLE_PROMPTS: readonly ExamplePrompt[] = [
  {
    label: 'Recipe planner',
    prompt:
      'A recipe planner where I save recipes with ingredients and tags, plan meals for the week, and get a shopping list.',
  },
  {
    label: 'Cover letter writer',
    prompt:
      'A tool that writes a short, friendly cover letter from a job description and my CV, in the tone I choose.',
  },
  {
    label: 'Support assistant',
    prompt:
      'A support chat that answers customer questions from our help articles and hands over to a human.',
  },
];
