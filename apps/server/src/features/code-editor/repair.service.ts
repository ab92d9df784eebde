import {
  APP_MESSAGES,
  clampRepairIterations,
  parseActionReply,
  type RepairRequest,
  type RepairResult,
  toAppBundle,
  VALIDATION_MESSAGES,
  type ValidationIssue,
} from '@atelier/shared';
import { AppError, notFound } from '../../platform/errors.ts';
import { actionProtocolInstructions, renderAppFiles } from '../../platform/llm/prompts/index.ts';
import { applyAction, treeChanges } from '../chat/action-applier.ts';
import { type ValidateContext, validateFiles } from './validate.service.ts';

type ProcessDetail = RepairResult['repairProcessDetails'][number];

const REPAIR_SYSTEM = (protocol: string) =>
  [
    'You fix the reported problems of a generated React app. Change only what the problems need;',
    'keep everything else as it is. Answer with actions in the protocol below (edit_file with the',
    'whole corrected file, or partial_edit), and nothing else.',
    '',
    protocol,
  ].join('\n');

function issueList(issues: readonly ValidationIssue[]): string {
  return issues
    .map((i) => `- ${i.componentName}${i.line ? `:${i.line}` : ''} [${i.detectorId}] ${i.message}`)
    .join('\n');
}

const sameIssue = (a: ValidationIssue, b: ValidationIssue) =>
  a.componentName === b.componentName && a.message === b.message && a.detectorId === b.detectorId;

/**
 * Repairs a version: up to `iterations` (clamped 1–5, default 2) rounds of "ask the model to fix the
 * issues with action tags → apply them as the chat does → validate again", stopping once no issue
 * is left. The repaired tree becomes a candidate version, not current until applied
 * (`applyRepair`); history is never rewritten. The re-validation
 * runs the static detectors; an issue of the model review counts as resolved once its file changed.
 */
export async function repairVersion(
  ctx: ValidateContext,
  versionId: string,
  request: RepairRequest,
): Promise<RepairResult> {
  const started = performance.now();
  const actor = { userId: ctx.userId };
  const loaded = await ctx.runtime.versions.getVersion(actor, ctx.appId, versionId);
  if (!loaded) throw notFound(APP_MESSAGES.versionNotFound);
  // Applying the candidate later refuses once the app has moved on from this version.
  const baseVersionId = (await ctx.runtime.apps.find(actor, ctx.appId))?.currentVersionId ?? null;
  const initialIssues = request.initialIssues;
  if (initialIssues.length === 0) throw new AppError('bad_request', VALIDATION_MESSAGES.runValidationFirst);
  const iterations = clampRepairIterations(request.iterations);
  const appSettings = request.customModel ? { aiModel: request.customModel } : undefined;

  const original = new Map(loaded.files.map((f) => [f.path, f.content]));
  const idByPath = new Map(loaded.files.map((f) => [f.path, f.id]));
  const tree = new Map(original);
  const details = new Map<string, ProcessDetail>();
  const detailOf = (path: string) => {
    let detail = details.get(path);
    if (!detail) {
      detail = {
        fileId: idByPath.get(path) ?? path,
        initialIssueCount: initialIssues.filter((i) => i.componentName === path).length,
        finalIssueCount: 0,
        repairSuccess: false,
        aiRepairs: [],
      };
      details.set(path, detail);
    }
    return detail;
  };
  for (const issue of initialIssues) detailOf(issue.componentName);

  let issues: ValidationIssue[] = [...initialIssues];
  let iterationsPerformed = 0;
  let repairOnlyTimeMs = 0;
  let validationTimeMs = 0;
  const protocol = actionProtocolInstructions();
  for (let round = 0; round < iterations && issues.length > 0; round++) {
    iterationsPerformed++;
    const files = [...tree].map(([path, content]) => ({ path, content }));
    const callStarted = performance.now();
    let text: string;
    let modelUsed: string;
    try {
      const generated = await ctx.runtime.llm.generateText({
        purpose: 'repair',
        appId: ctx.appId,
        userId: ctx.userId,
        messageId: ctx.messageId ?? null,
        appSettings,
        system: REPAIR_SYSTEM(protocol),
        prompt: `${renderAppFiles(files)}\n\nProblems to fix:\n${issueList(issues)}`,
        abortSignal: ctx.signal,
      });
      text = generated.text;
      modelUsed = generated.info.id;
    } catch (error) {
      if (iterationsPerformed === 1)
        throw new AppError('service_unavailable', VALIDATION_MESSAGES.repairFailed);
      ctx.runtime.logger.warn({ err: error, appId: ctx.appId }, 'repair: the model call failed; stopping');
      break;
    }
    const processingTimeMs = Math.round(performance.now() - callStarted);
    repairOnlyTimeMs += processingTimeMs;
    const touched = new Set<string>();
    for (const action of parseActionReply(text).actions) {
      const result = applyAction(tree, action);
      if (result.outcome === 'applied' && result.path) touched.add(result.path);
      if (result.outcome === 'applied' && action.entity) touched.add(`entities/${action.entity}.json`);
    }
    for (const path of new Set(issues.map((i) => i.componentName))) {
      detailOf(path).aiRepairs.push({
        success: touched.has(path),
        modelUsed,
        processingTimeMs,
        issueMessage: issueList(issues.filter((i) => i.componentName === path)),
        outputContent: text,
      });
    }
    const validated = await validateFiles(
      { ...ctx, modelReview: false },
      [...tree].map(([path, content]) => ({ path, content })),
    );
    validationTimeMs += validated.executionTimeMs;
    const reviewLeft = issues.filter(
      (i) => i.detectorId === 'model-review' && tree.get(i.componentName) === original.get(i.componentName),
    );
    issues = [
      ...validated.issues,
      ...reviewLeft.filter((r) => !validated.issues.some((v) => sameIssue(r, v))),
    ];
  }

  for (const [path, detail] of details) {
    detail.finalIssueCount = issues.filter((i) => i.componentName === path).length;
    detail.repairSuccess = detail.finalIssueCount === 0;
  }
  const changes = treeChanges(original, tree);
  const repairedFiles = changes.flatMap((c) =>
    c.op === 'upsert' ? [{ path: c.path, content: c.content }] : [],
  );
  let newVersionId: string | null = null;
  if (changes.length > 0) {
    // A candidate: not current until "Apply" (the tester's runs never overwrite the app).
    const created = await ctx.runtime.versions.createCandidateVersion(actor, ctx.appId, {
      files: [...tree].map(([path, content]) => ({ id: idByPath.get(path), path, content })),
      parentVersionId: loaded.version.id,
      description: `Repair candidate of v${loaded.version.seq} (${repairedFiles.length} files)`,
      messageId: null,
    });
    newVersionId = created.id;
  }
  const app = await ctx.runtime.apps.find(actor, ctx.appId);
  const bundleFiles = [...tree].map(([path, content]) => ({ path, content }));
  return {
    initialIssues,
    unresolvedIssues: issues,
    repairProcessDetails: [...details.values()],
    repairedFiles,
    iterationsPerformed,
    previousVersionId: loaded.version.id,
    versionId: newVersionId,
    baseVersionId,
    executionTimeMs: Math.round(performance.now() - started),
    timingBreakdown: { repairOnlyTimeMs, validationTimeMs },
    appBundle: toAppBundle(
      {
        id: ctx.appId,
        versionId: newVersionId ?? loaded.version.id,
        slug: app?.slug ?? null,
        name: app?.name ?? '',
      },
      bundleFiles,
    ),
  };
}

/**
 * "Apply" of a repair run: its candidate becomes the app's current version, only while the app's
 * current version is still the one the run started from (else 409, VALIDATION_MESSAGES.appChangedSinceRepair).
 */
export async function applyRepair(
  ctx: Pick<ValidateContext, 'runtime' | 'appId' | 'userId'>,
  versionId: string,
  expectedCurrentVersionId: string | null,
) {
  try {
    return await ctx.runtime.versions.setCurrentVersion({ userId: ctx.userId }, ctx.appId, versionId, {
      expectedCurrentVersionId,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') {
      throw new AppError('conflict', VALIDATION_MESSAGES.appChangedSinceRepair);
    }
    throw error;
  }
}
