import {
  BUILD_CHECK_MAX_ISSUES,
  BUILD_CHECK_TIMEOUT_MS,
  type BuildCheckData,
  type BuildCheckIssue,
  type ValidationIssue,
} from '@atelier/shared';
import { brokenImports } from '../code-editor/validate.service.ts';

/**
 * The build check of a reply that changed code (issue 21 §5): the new tree goes through the
 * validator's static detectors (type check, compile, imports, entity schemas — `validateFiles`
 * without the model review); the errors the reply brought in are sent back to the model to fix.
 */
export type BuildChecker = (files: { path: string; content: string }[]) => Promise<ValidationIssue[]>;

/** The outcome of one check: the reply's errors, or null when the check did not finish in time. */
export type CheckOutcome = BuildCheckIssue[] | null;

const CODE_FILE = /\.(tsx|ts|jsx|js)$/;

/** Whether the changes touch code or entities (a reply that only adds a package is not built here). */
export const changesCode = (paths: readonly string[]) =>
  paths.some((path) => CODE_FILE.test(path) || /^entities\/[^/]+\.json$/.test(path));

const importKey = (issue: ValidationIssue) => `${issue.componentName}\n${issue.message}`;

/**
 * Runs the check on `tree` and keeps the errors the reply is answerable for: those located in the
 * files it changed, and broken imports anywhere that the base did not have (a deleted file still
 * imported). Bounded by `BUILD_CHECK_TIMEOUT_MS` (null when it runs out or the checker fails).
 */
export async function checkReply(
  check: BuildChecker,
  base: ReadonlyMap<string, string>,
  tree: ReadonlyMap<string, string>,
  changed: ReadonlySet<string>,
  timeoutMs = BUILD_CHECK_TIMEOUT_MS,
): Promise<CheckOutcome> {
  const files = [...tree].map(([path, content]) => ({ path, content }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const issues = await Promise.race([check(files), timeout]);
    if (issues === null) return null;
    const before = new Set(
      brokenImports([...base].map(([path, content]) => ({ path, content }))).map(importKey),
    );
    const seen = new Set<string>();
    const kept: BuildCheckIssue[] = [];
    for (const issue of issues) {
      if (issue.severity !== 'error') continue;
      const ours =
        changed.has(issue.componentName) || (issue.detectorId === 'imports' && !before.has(importKey(issue)));
      const key = `${issue.componentName}:${issue.line}:${issue.message}`;
      if (!ours || seen.has(key)) continue;
      seen.add(key);
      kept.push({ file: issue.componentName, line: issue.line, message: issue.message });
    }
    return kept;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The issues as the model reads them, one per line. */
export function issueLines(issues: readonly BuildCheckIssue[]): string {
  return issues.map((i) => `- ${i.file}${i.line ? `:${i.line}` : ''}: ${i.message}`).join('\n');
}

/** The request of a fixing round (a user turn after the reply so far). */
export function fixRequest(issues: readonly BuildCheckIssue[]): string {
  return [
    `The app does not build after your changes: ${issues.length === 1 ? '1 error' : `${issues.length} errors`}.`,
    'Fix them now with actions (partial_edit, or edit_file with the whole corrected file); change only',
    'what the errors need, keep the rest of your changes, and say in one short sentence what you fixed.',
    '',
    issueLines(issues),
  ].join('\n');
}

/** The data part of the check (issues capped; the count stays exact). */
export function checkPart(
  status: BuildCheckData['status'],
  rounds: number,
  errorCount: number,
  issues: readonly BuildCheckIssue[] = [],
): BuildCheckData {
  return { status, rounds, errorCount, issues: issues.slice(0, BUILD_CHECK_MAX_ISSUES) };
}
