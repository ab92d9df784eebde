import { type PublicTool, publicToolView } from '@atelier/shared';
import type { AppRow } from '../apps/apps.repo.ts';
import type { ToolRow } from './tools.repo.ts';
import { isSingleToolApp } from './tools.service.ts';

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

/**
 * The content of a tool: a single-tool app's own (header, description, builder panels, prompt), or
 * a generated app's tool's `content`, with the app's style. Never carries secrets; the prompt and
 * settings stay on the server.
 */
export function toolContentOf(app: AppRow, tool: ToolRow): ToolContent {
  const prompt = (isSingleToolApp(app) ? app.gptPrompt : str(asObject(tool.content).gptPrompt)) ?? '';
  return { view: publicToolView(app, tool), prompt, settings: asObject(app.settings) };
}
