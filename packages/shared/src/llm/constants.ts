/** Constants of the AI layer shared by the server, the web app and the tests. */

/** Spec 3 §8: the note shown on a failed assistant message (and the text of every failed AI call). */
export const LLM_ERROR_MESSAGE =
  'There was an error. You can retry or try a different input. Contact us if the issue persists.';

/** The built-in deterministic model used when no provider is configured. */
export const OFFLINE_MODEL_ID = 'offline';
export const OFFLINE_MODEL_LABEL = 'Offline assistant';

/**
 * What the offline assistant understands, each with a message that asks for it: its help reply
 * lists them, and the builder chat offers the examples as suggestions to send before the first
 * message (issue 23 #27).
 */
export const OFFLINE_CAPABILITIES = [
  { label: 'Create an app', example: 'Create a CRM with contacts and deals' },
  { label: 'Add an entity', example: 'Add a Product entity with name, price and stock' },
  { label: 'Add a field', example: 'Add a number field called budget to Deal' },
  { label: 'Add a page', example: 'Add an About page' },
  {
    label: 'Change permissions',
    example: 'Change the permissions of the Contact entity: all can read, creator can write',
  },
  { label: 'Change a text', example: 'Change "Contacts" to "People"' },
  { label: 'Rename the app', example: 'Rename the app to "Acme CRM"' },
  { label: 'Change colours', example: 'Change the primary colour to emerald' },
] as const;

/** Spec 1 §9: the default model is a small mini-class chat model. */
export const DEFAULT_MODEL_ID = 'gpt-4o-mini';

/** Spec 1 §5/§9: model temperature 0 to 2, step 0.1, default 0.7. */
export const MODEL_TEMPERATURE = { min: 0, max: 2, step: 0.1, default: 0.7 } as const;

/** The providers a model can come from. `openai` is any OpenAI-compatible chat-completions server. */
export const LLM_PROVIDERS = ['openai', 'anthropic', 'offline'] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

/** What an AI call was for; recorded with its usage. */
export const LLM_PURPOSES = [
  'chat',
  'tool_run',
  'magic_create',
  'csv_mapping',
  'validate',
  'repair',
  'enhance_query',
  'chat_summary',
  'app_name',
  'app_integration',
  'other',
] as const;
export type LlmPurpose = (typeof LLM_PURPOSES)[number];

/** Issue 21 §11: how the usage table marks counts the provider did not send, and unpriced models. */
export const USAGE_TEXT = {
  estimatedMark: '≈',
  estimatedTitle: 'Estimated: the provider sent no token counts; they were counted with the tokenizer',
  priceUnknown: 'price unknown',
} as const;
