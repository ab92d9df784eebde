import { z } from 'zod';
import {
  MAX_SECRETS_PER_APP,
  SECRET_DESCRIPTION_MAX_LENGTH,
  SECRET_KEY_PATTERN,
  SECRET_MESSAGES,
  SECRET_VALUE_MAX_LENGTH,
} from '../constants/functions.ts';

/**
 * Secrets of an app (spec 2 §3 "Secret: key, value, instructions"; spec 3 §7 the apps-service
 * paths, mounted under /api). Values are write-only: no answer ever carries one.
 */
export const secretKeySchema = z
  .string()
  .trim()
  .regex(SECRET_KEY_PATTERN, { error: SECRET_MESSAGES.invalidKey });

export const secretViewSchema = z
  .object({
    key: z.string(),
    /** The instructions shown in the editor (stored as the description). */
    description: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Secret' });
export type SecretView = z.infer<typeof secretViewSchema>;

export const secretsListResponseSchema = z
  .object({ secrets: z.array(secretViewSchema) })
  .meta({ id: 'SecretsList' });
export type SecretsListResponse = z.infer<typeof secretsListResponseSchema>;

export const secretInputSchema = z.object({
  key: secretKeySchema,
  /** Required for a new key; omitted (or empty) for an existing key keeps its stored value. */
  value: z.string().max(SECRET_VALUE_MAX_LENGTH).optional(),
  /** The row's instructions; `instructions` is accepted as a synonym. */
  description: z.string().max(SECRET_DESCRIPTION_MAX_LENGTH).optional(),
  instructions: z.string().max(SECRET_DESCRIPTION_MAX_LENGTH).optional(),
});
export type SecretInput = z.infer<typeof secretInputSchema>;

export const saveSecretsRequestSchema = z
  .object({ secrets: z.array(secretInputSchema).max(MAX_SECRETS_PER_APP) })
  .meta({ id: 'SaveSecretsRequest' });
export type SaveSecretsRequest = z.infer<typeof saveSecretsRequestSchema>;

export const saveSecretsResponseSchema = z
  .object({
    secrets: z.array(secretViewSchema),
    /** Keys written by this call. */
    saved: z.array(z.string()),
    /** Reserved names, skipped (spec 1 §9). */
    ignored: z.array(z.string()),
    /** Deployed functions that read a saved key: the affected-functions redeploy dialog lists them. */
    affectedFunctions: z.array(z.string()),
  })
  .meta({ id: 'SaveSecretsResponse' });
export type SaveSecretsResponse = z.infer<typeof saveSecretsResponseSchema>;

export const deleteSecretResponseSchema = z
  .object({ deleted: z.string(), affectedFunctions: z.array(z.string()) })
  .meta({ id: 'DeleteSecretResponse' });
export type DeleteSecretResponse = z.infer<typeof deleteSecretResponseSchema>;
