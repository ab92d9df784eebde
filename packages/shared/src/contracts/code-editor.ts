import { z } from 'zod';
import type { currentFilesResponseSchema } from './apps.ts';

export type CurrentFilesResponse = z.infer<typeof currentFilesResponseSchema>;

export const fileReferencesResponseSchema = z
  .object({
    file: z.object({ id: z.string(), path: z.string() }),
    referencesToUpdate: z.array(
      z.object({ path: z.string(), content: z.string(), removedLines: z.array(z.string()) }),
    ),
  })
  .meta({ id: 'FileReferencesResponse' });
export type FileReferencesResponse = z.infer<typeof fileReferencesResponseSchema>;

/** One file across the app's versions (newest first; a version appears when the file changed in it). */
export const fileHistoryResponseSchema = z
  .object({
    entries: z.array(
      z.object({
        versionId: z.string(),
        seq: z.number().int(),
        timestamp: z.string(),
        description: z.string().nullable(),
        path: z.string(),
        content: z.string(),
      }),
    ),
  })
  .meta({ id: 'FileHistoryResponse' });
export type FileHistoryResponse = z.infer<typeof fileHistoryResponseSchema>;

/** `POST /api/apps/{appId}/merge` (spec 3 §7): added and modified files from a comparison, one version. */
export const mergeRequestSchema = z
  .object({
    files: z
      .array(
        z.object({
          id: z.string().max(100).optional(),
          path: z.string().min(1).max(300),
          content: z.string(),
          /** The change the diff showed; deleted (and unchanged) files are never merged. */
          status: z.enum(['added', 'modified', 'deleted', 'unchanged']).optional(),
        }),
      )
      .max(300),
    description: z.string().max(500).optional(),
  })
  .meta({ id: 'MergeRequest' });
export type MergeRequest = z.infer<typeof mergeRequestSchema>;

export const mergeResponseSchema = z
  .object({
    versionId: z.string(),
    filesCount: z.number().int(),
    totalFunctions: z.number().int(),
    deployedFunctionsCount: z.number().int(),
    deploymentIssues: z.array(z.object({ name: z.string(), message: z.string() })),
  })
  .meta({ id: 'MergeResponse' });
export type MergeResponse = z.infer<typeof mergeResponseSchema>;

/**
 * `GET /api/apps/{appId}/compare`: the diff items between two versions of the app (`fromVersionId`
 * → `toVersionId`, default the current version), or from this app's current version to another
 * app of the same builder (`otherAppId`).
 */
export const compareQuerySchema = z.object({
  fromVersionId: z.string().min(1).max(100).optional(),
  toVersionId: z.string().min(1).max(100).optional(),
  otherAppId: z.string().min(1).max(100).optional(),
});
export type CompareQuery = z.infer<typeof compareQuerySchema>;

/** A diff item (spec 3 §3): sorted added, modified, deleted; unchanged files are left out. */
export const diffItemSchema = z
  .object({
    path: z.string(),
    status: z.enum(['added', 'modified', 'deleted']),
    oldCode: z.string(),
    newCode: z.string(),
  })
  .meta({ id: 'DiffItem' });
export type DiffItem = z.infer<typeof diffItemSchema>;

const compareSideSchema = z.object({
  appId: z.string(),
  appName: z.string(),
  versionId: z.string().nullable(),
  seq: z.number().int().nullable(),
});

export const compareResponseSchema = z
  .object({ base: compareSideSchema, compared: compareSideSchema, items: z.array(diffItemSchema) })
  .meta({ id: 'CompareResponse' });
export type CompareResponse = z.infer<typeof compareResponseSchema>;

/** One validation issue (spec 2 §3): the file it is in (componentName), the detector and line. */
export const validationIssueSchema = z
  .object({
    message: z.string().max(4000),
    componentName: z.string().max(300),
    detectorId: z.string().max(50),
    severity: z.enum(['error', 'warning']),
    line: z.number().int().nullable(),
  })
  .meta({ id: 'ValidationIssue' });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const validateRequestSchema = z
  .object({
    messageId: z.string().max(100).nullish(),
    messageContent: z.string().max(100_000).nullish(),
  })
  .meta({ id: 'ValidateRequest' });
export type ValidateRequest = z.infer<typeof validateRequestSchema>;

export const validationDetectorSchema = z.object({
  id: z.string(),
  status: z.enum(['ran', 'skipped', 'failed']),
  issueCount: z.number().int(),
  executionTimeMs: z.number(),
  note: z.string().optional(),
});

export const validationResultSchema = z
  .object({
    issues: z.array(validationIssueSchema),
    detectors: z.array(validationDetectorSchema),
    executionTimeMs: z.number(),
  })
  .meta({ id: 'ValidationResult' });
export type ValidationResult = z.infer<typeof validationResultSchema>;

export const repairRequestSchema = z
  .object({
    messageId: z.string().max(100).nullish(),
    messageContent: z.string().max(100_000).nullish(),
    initialIssues: z.array(validationIssueSchema).max(500),
    /** Clamped to 1–5; default 2 (spec 3 §5). */
    iterations: z.number().optional(),
    customModel: z.string().min(1).max(200).nullish(),
  })
  .meta({ id: 'RepairRequest' });
export type RepairRequest = z.infer<typeof repairRequestSchema>;

export const aiRepairSchema = z.object({
  success: z.boolean(),
  modelUsed: z.string(),
  processingTimeMs: z.number(),
  issueMessage: z.string(),
  outputContent: z.string(),
});

export const repairProcessDetailSchema = z.object({
  fileId: z.string(),
  initialIssueCount: z.number().int(),
  finalIssueCount: z.number().int(),
  repairSuccess: z.boolean(),
  aiRepairs: z.array(aiRepairSchema),
});

const codeMap = z.record(z.string(), z.string());

/** Spec 1 §3 "App bundle files": id (the app's), versionId, slug, name, the grouped files, and the flat list. */
export const appBundleSchema = z
  .object({
    id: z.string(),
    versionId: z.string(),
    slug: z.string().nullable(),
    name: z.string(),
    entities: z.record(z.string(), z.unknown()),
    userEntity: z.unknown().nullable(),
    pages: codeMap,
    components: codeMap,
    services: codeMap,
    functions: codeMap,
    functionNames: z.array(z.string()),
    layout: z.string().nullable(),
    globalsCss: z.string().nullable(),
    files: z.array(z.object({ path: z.string(), content: z.string() })),
  })
  .meta({ id: 'AppBundle' });

export const repairResultSchema = z
  .object({
    initialIssues: z.array(validationIssueSchema),
    unresolvedIssues: z.array(validationIssueSchema),
    repairProcessDetails: z.array(repairProcessDetailSchema),
    repairedFiles: z.array(z.object({ path: z.string(), content: z.string() })),
    iterationsPerformed: z.number().int(),
    /** The version that was repaired. */
    previousVersionId: z.string(),
    /** The candidate version holding the repair (not current until applied); null when no file changed. */
    versionId: z.string().nullable(),
    /** The app's current version when the run started: applying refuses once the app moved on. */
    baseVersionId: z.string().nullable().optional(),
    executionTimeMs: z.number(),
    timingBreakdown: z.object({ repairOnlyTimeMs: z.number(), validationTimeMs: z.number() }),
    /** The repaired app's files grouped as spec 1 §3's "App bundle files" (app-files/app-bundle.ts), with the flat list. */
    appBundle: appBundleSchema,
  })
  .meta({ id: 'RepairResult' });
export type RepairResult = z.infer<typeof repairResultSchema>;

/** `POST /api/apps/{appId}/versions/{versionId}/apply-repair`: makes a repair's candidate current. */
export const applyRepairRequestSchema = z
  .object({
    /** The app's current version when the repair started (`RepairResult.baseVersionId`). */
    expectedCurrentVersionId: z.string().max(100).nullable(),
  })
  .meta({ id: 'ApplyRepairRequest' });
export type ApplyRepairRequest = z.infer<typeof applyRepairRequestSchema>;
