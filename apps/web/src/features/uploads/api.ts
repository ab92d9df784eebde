import type { ImageUploadResponse, UploadFolder } from '@atelier/shared';
import { answer, api, formData } from '../../lib/api.ts';

/** Uploads an image of the app (owner only): `POST /api/apps/{appId}/integrations/upload`. */
export function uploadImage(appId: string, file: File, folder: UploadFolder): Promise<ImageUploadResponse> {
  return answer<ImageUploadResponse>(
    api.POST('/apps/{appId}/integrations/upload', {
      params: { path: { appId } },
      body: { file, folder },
      bodySerializer: formData,
    }),
  );
}
