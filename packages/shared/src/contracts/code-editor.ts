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
