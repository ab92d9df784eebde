import type { ImageUploadResponse, UploadFolder } from '@atelier/shared';
import { apiFetch } from '../../lib/api-client.ts';

/** Uploads an image of the app (owner only): `POST /api/apps/{appId}/integrations/upload`. */
export function uploadImage(appId: string, file: File, folder: UploadFolder): Promise<ImageUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('folder', folder);
  return apiFetch<ImageUploadResponse>(`/api/apps/${encodeURIComponent(appId)}/integrations/upload`, {
    method: 'POST',
    body: form,
  });
}
