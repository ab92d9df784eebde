import type { MagicCreateRequest, MagicCreateResponse } from '@atelier/shared';
import { answer, api } from '../../lib/api.ts';

/** Magic create of a field (spec 2 §7): `POST /api/builder/magicCreate`. */
export const magicCreate = (request: MagicCreateRequest) =>
  answer<MagicCreateResponse>(api.POST('/builder/magicCreate', { body: request }));
