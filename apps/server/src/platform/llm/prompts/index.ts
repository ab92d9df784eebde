import fs from 'node:fs';
import path from 'node:path';
import { templateFiles, templateSourceOf } from '../../../features/apps/template/index.ts';
import { ALLOWED_ENTRY_POINTS, describePackages } from '../../../features/compile/vendor/vendor-modules.ts';
import { findRepoRoot } from '../../paths.ts';

/**
 * Prompts are versioned Markdown files in this folder (`<name>.v<version>.md`); a changed prompt
 * is a new version file, so a recorded conversation can name the prompt it was made with.
 * `{{variable}}` placeholders are filled by `renderPrompt`.
 */
export const PROMPT_VERSIONS = {
  'builder-system': 5,
  'tool-run': 1,
} as const;
export type PromptName = keyof typeof PROMPT_VERSIONS;

const cache = new Map<string, string>();

function readCached(file: string): string {
  let text = cache.get(file);
  if (text === undefined) {
    text = fs.readFileSync(file, 'utf8');
    cache.set(file, text);
  }
  return text;
}

const promptsDir = () => path.join(findRepoRoot(), 'apps/server/src/platform/llm/prompts');

/** The template text of a prompt (the current version unless one is named). */
export function loadPrompt(name: PromptName, version: number = PROMPT_VERSIONS[name]): string {
  return readCached(path.join(promptsDir(), `${name}.v${version}.md`));
}

/** Fills `{{name}}` placeholders; an unknown placeholder is an error (a typo would reach the model). */
export function renderPrompt(template: string, variables: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = variables[key];
    if (value === undefined) throw new Error(`Prompt variable "${key}" is missing`);
    return value;
  });
}

/** The model-facing section of the action-tag protocol (packages/shared/src/actions/protocol.md). */
export function actionProtocolInstructions(): string {
  const text = readCached(path.join(findRepoRoot(), 'packages/shared/src/actions/protocol.md'));
  const match = /<!-- model-instructions:start -->\n([\s\S]*?)\n<!-- model-instructions:end -->/.exec(text);
  if (!match) throw new Error('protocol.md has no model-instructions section');
  return match[1]!.trim();
}

export interface AppFile {
  path: string;
  content: string;
}

/**
 * The app's files as the prompts carry them. The offline assistant reads them back from the
 * system prompt with `parseAppFiles`, so callers pass app files to every model the same way.
 */
export function renderAppFiles(files: readonly AppFile[]): string {
  if (files.length === 0) return '<app-files>\n</app-files>';
  const sorted = [...files].sort((a, b) => a.path.localeCompare(b.path));
  const body = sorted
    .map((file) => {
      const path = file.path.replace(/"/g, '&quot;');
      // The template's shadcn/ui components, unchanged: named, not repeated (they are standard).
      if (templateSourceOf(file.path) === file.content)
        return `<app-file path="${path}" unchanged-template />`;
      return `<app-file path="${path}">\n${file.content}\n</app-file>`;
    })
    .join('\n');
  return `<app-files>\n${body}\n</app-files>`;
}

export function parseAppFiles(text: string): AppFile[] {
  const section = /<app-files>\n([\s\S]*?)\n?<\/app-files>/.exec(text);
  if (!section) return [];
  const files: AppFile[] = [];
  const pattern =
    /<app-file path="([^"]*)"(?: unchanged-template \/>|>\n([\s\S]*?)\n<\/app-file>)(?=\n<app-file |\n?$)/g;
  for (const match of section[1]!.matchAll(pattern)) {
    const path = match[1]!.replace(/&quot;/g, '"');
    const content = match[2] ?? templateSourceOf(path);
    if (content !== undefined) files.push({ path, content });
  }
  return files;
}

/** The prompt's list of importable packages, from the vendor set itself (so it never drifts). */
export function librariesLine(): string {
  const entryPoints = [...ALLOWED_ENTRY_POINTS, 'lodash/<name>', 'date-fns/<name>', 'date-fns/locale/<code>'];
  return `Apps may import their own files and these packages: ${describePackages()}; entry points below a package: ${entryPoints.map((name) => `\`${name}\``).join(', ')}. When the app truly needs another npm package (browser JavaScript, no native addon), add it with an add_package action before importing it; the packages the app has are listed in \`package.json\`.`;
}

/** The template's shadcn/ui components by name (`button, card, …`), from its files (so the list never drifts). */
export function uiComponentsLine(): string {
  return templateFiles('')
    .flatMap((file) => /^components\/ui\/([\w-]+)\.jsx$/.exec(file.path)?.[1] ?? [])
    .join(', ');
}

/** The builder chat's system prompt: role, app conventions, the action protocol, the app's files. */
export function builderSystemPrompt(input: { appName: string; files: readonly AppFile[] }): string {
  return renderPrompt(loadPrompt('builder-system'), {
    appName: input.appName,
    actionProtocol: actionProtocolInstructions(),
    appFiles: renderAppFiles(input.files),
    libraries: librariesLine(),
    uiComponents: uiComponentsLine(),
  });
}

export interface Passage {
  source: string;
  text: string;
  score?: number | undefined;
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function renderPassages(passages: readonly Passage[]): string {
  if (passages.length === 0) return '<passages>\n</passages>';
  const body = passages
    .map((p) => {
      const score = p.score === undefined ? '' : ` score="${p.score.toFixed(3)}"`;
      return `<passage source="${attr(p.source)}"${score}>\n${p.text}\n</passage>`;
    })
    .join('\n');
  return `<passages>\n${body}\n</passages>`;
}

export function parsePassages(text: string): Passage[] {
  const passages: Passage[] = [];
  const pattern = /<passage source="([^"]*)"(?: score="([\d.]+)")?>\n([\s\S]*?)\n<\/passage>/g;
  for (const match of text.matchAll(pattern)) {
    passages.push({
      source: match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
      score: match[2] ? Number(match[2]) : undefined,
      text: match[3]!,
    });
  }
  return passages;
}

/** The system prompt of a tool run; the user message is the tool's filled prompt. */
export function toolRunSystemPrompt(input: { toolTitle: string; passages: readonly Passage[] }): string {
  return renderPrompt(loadPrompt('tool-run'), {
    toolTitle: attr(input.toolTitle),
    passages: renderPassages(input.passages),
  });
}

export const TOOL_RUN_MARKER = '<atelier-tool-run';
