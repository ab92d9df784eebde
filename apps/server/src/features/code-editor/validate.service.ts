import {
  parseEntitySchema,
  resolveSpecifier,
  type ValidationDetectorId,
  type ValidationIssue,
  type ValidationResult,
} from '@atelier/shared';
import { z } from 'zod';
import { renderAppFiles } from '../../platform/llm/index.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { typeCheckApp } from './type-check-thread.ts';

export interface TreeFile {
  path: string;
  content: string;
}

type Detector = ValidationResult['detectors'][number];

const CODE_FILE = /\.(tsx|ts|jsx|js)$/;
const IMPORT_PATTERN = /(?:^|\n)[ \t]*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const RESOLVE_SUFFIXES = ['', '.tsx', '.ts', '.jsx', '.js', '.json', '.css', '/index.tsx', '/index.ts'];

/** Imports of app files (`./`, `../`, `@/`) that name no file of the tree. */
export function brokenImports(files: readonly TreeFile[]): ValidationIssue[] {
  const paths = new Set(files.map((f) => f.path));
  const issues: ValidationIssue[] = [];
  for (const file of files) {
    if (!CODE_FILE.test(file.path)) continue;
    for (const match of file.content.matchAll(IMPORT_PATTERN)) {
      const specifier = match[1] ?? '';
      if (!specifier.startsWith('.') && !specifier.startsWith('@/')) continue;
      const target = resolveSpecifier(file.path, specifier);
      if (target !== null && RESOLVE_SUFFIXES.some((s) => paths.has(`${target}${s}`))) continue;
      const offset = (match.index ?? 0) + (match[0].startsWith('\n') ? 1 : 0);
      issues.push({
        message: `Cannot find module '${specifier}': no file of the app matches it`,
        componentName: file.path,
        detectorId: 'imports',
        severity: 'error',
        line: file.content.slice(0, offset).split('\n').length,
      });
    }
  }
  return issues;
}

/** Entity files that are not valid JSON or not a valid entity schema. */
export function entitySchemaIssues(files: readonly TreeFile[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const file of files) {
    if (!/^entities\/[^/]+\.json$/.test(file.path)) continue;
    const parsed = parseEntitySchema(file.content);
    if (parsed.ok) continue;
    issues.push({
      message: parsed.message,
      componentName: file.path,
      detectorId: 'entity-schema',
      severity: 'error',
      line: parsed.line ?? null,
    });
  }
  return issues;
}

const reviewSchema = z.object({
  issues: z
    .array(
      z.object({
        file: z.string(),
        line: z.number().int().nullish(),
        message: z.string(),
        severity: z.enum(['error', 'warning']).nullish(),
      }),
    )
    .max(50),
});

const REVIEW_SYSTEM = [
  'You review the source files of a generated React app (Layout.tsx, pages/*.tsx, components/*.tsx,',
  'entities/*.json, functions/*.ts, services/*.ts, globals.css) for bugs that stop it from working:',
  'runtime errors, wrong imports, wrong entity field names, broken logic. Do not report style.',
  'Answer JSON {"issues": [{"file", "line", "message", "severity": "error"|"warning"}]};',
  'an empty list when the app is fine.',
].join(' ');

export interface ValidateContext {
  /** The apps area; the model review and the repair loop call its AI layer and log. */
  runtime: AppsRuntime;
  appId: string;
  userId: string;
  messageId?: string | null | undefined;
  messageContent?: string | null | undefined;
  /** Run the model review (the validate call does; the repair loop re-checks without it). */
  modelReview: boolean;
  signal?: AbortSignal | undefined;
}

async function timed(
  id: ValidationDetectorId,
  run: () => Promise<ValidationIssue[] | { skipped: string }>,
): Promise<{ detector: Detector; issues: ValidationIssue[] }> {
  const started = performance.now();
  try {
    const out = await run();
    const executionTimeMs = Math.round(performance.now() - started);
    if (!Array.isArray(out))
      return {
        detector: { id, status: 'skipped', issueCount: 0, executionTimeMs, note: out.skipped },
        issues: [],
      };
    return { detector: { id, status: 'ran', issueCount: out.length, executionTimeMs }, issues: out };
  } catch (error) {
    const executionTimeMs = Math.round(performance.now() - started);
    const note = error instanceof Error ? error.message : String(error);
    return { detector: { id, status: 'failed', issueCount: 0, executionTimeMs, note }, issues: [] };
  }
}

/**
 * Validates an app's file tree: TypeScript type errors, compile diagnostics (the preview's
 * compiler), broken imports, entity schema errors, and optionally a model review through the AI
 * layer. A detector that fails is reported as failed; the others still run.
 */
export async function validateFiles(
  ctx: ValidateContext,
  files: readonly TreeFile[],
): Promise<ValidationResult> {
  const started = performance.now();
  const imports = await timed('imports', async () => brokenImports(files));
  const entities = await timed('entity-schema', async () => entitySchemaIssues(files));
  const located = new Set([...imports.issues, ...entities.issues].map((i) => `${i.componentName}:${i.line}`));
  const entityPaths = new Set(files.filter((f) => f.path.startsWith('entities/')).map((f) => f.path));
  const compile = await timed('compile', async () => {
    const result = await ctx.runtime.compiler.compile(
      files.map((f) => ({ path: f.path, content: f.content })),
    );
    const diagnostics = result.ok ? result.warnings : result.diagnostics;
    return diagnostics
      .filter((d) => !(d.file && (entityPaths.has(d.file) || located.has(`${d.file}:${d.line}`))))
      .map((d) => ({
        message: d.message,
        componentName: d.file ?? '',
        detectorId: 'compile',
        severity: d.severity,
        line: d.line,
      }));
  });
  const typescript = await timed('typescript', async () =>
    (await typeCheckApp(files)).map((d) => ({
      message: d.message,
      componentName: d.file,
      detectorId: 'typescript',
      severity: 'error' as const,
      line: d.line,
    })),
  );
  const review = await timed('model-review', async () => {
    if (!ctx.modelReview) return { skipped: 'Not part of this run' };
    const resolved = await ctx.runtime.llm.resolveModel();
    if (resolved.offline) return { skipped: 'No model provider is configured' };
    const request = ctx.messageContent ? `\n\nThe last change was asked for as:\n${ctx.messageContent}` : '';
    const generated = await ctx.runtime.llm.generateObject({
      purpose: 'validate',
      appId: ctx.appId,
      userId: ctx.userId,
      messageId: ctx.messageId ?? null,
      system: REVIEW_SYSTEM,
      prompt: `${renderAppFiles(files)}${request}`,
      schema: reviewSchema,
      abortSignal: ctx.signal,
    });
    const paths = new Set(files.map((f) => f.path));
    return generated.object.issues
      .filter((i) => paths.has(i.file))
      .map((i) => ({
        message: i.message,
        componentName: i.file,
        detectorId: 'model-review',
        severity: i.severity ?? 'error',
        line: i.line ?? null,
      }));
  });
  const runs = [typescript, compile, imports, entities, review];
  return {
    issues: runs.flatMap((r) => r.issues),
    detectors: runs.map((r) => r.detector),
    executionTimeMs: Math.round(performance.now() - started),
  };
}
