import { errorResponseSchema } from '@atelier/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../platform/http/env.ts';
import type { AppActor } from './apps.repo.ts';

/** OpenAPI helpers of the apps routes. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

export const errorContent = (description: string) => jsonContent(errorResponseSchema, description);

/** The errors every builder-only app route may answer. */
export const builderErrors = {
  401: errorContent('Signed out'),
  403: errorContent('Not a builder session'),
  404: errorContent('No such app (or not yours)'),
} as const;

/** The signed-in builder (after `requireBuilder`). */
export const builderOf = (c: Context<AppEnv>): AppActor => ({ userId: c.get('actor').userId });
