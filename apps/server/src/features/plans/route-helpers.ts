import { errorResponseSchema } from '@atelier/shared';
import type { z } from 'zod';

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

export const errorContent = (description: string) => jsonContent(errorResponseSchema, description);
