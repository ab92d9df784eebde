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
