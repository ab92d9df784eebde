export { BUILT_IN_MODELS, OFFLINE_MODEL } from './catalogue.ts';
export { LlmCallError } from './errors.ts';
export {
  createLlm,
  type Llm,
  type LlmCallContext,
  type LlmCallInput,
  type LlmDelta,
  type LlmGenerated,
  type LlmOptions,
  LlmSettingsError,
  type LlmStream,
  llmErrorText,
  type ResolvedModel,
} from './llm.ts';
export {
  type AppFile,
  builderSystemPrompt,
  type Passage,
  PROMPT_VERSIONS,
  renderAppFiles,
  toolRunSystemPrompt,
} from './prompts/index.ts';
