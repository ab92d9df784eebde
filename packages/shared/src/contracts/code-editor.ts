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
