import type { MagicCreateRequest, MagicCreateResponse } from '@atelier/shared';
import { apiFetch } from '../../lib/api-client.ts';

/** Magic create of a field (spec 2 §7): `POST /api/builder/magicCreate`. */
export const magicCreate = (request: MagicCreateRequest) =>
  apiFetch<MagicCreateResponse>('/api/builder/magicCreate', { method: 'POST', body: request });
