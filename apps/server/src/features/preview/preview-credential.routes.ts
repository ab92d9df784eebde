import { APP_MESSAGES } from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import { PREVIEW_CREDENTIAL_HEADER } from '../../platform/auth/runtime.ts';
import { AppError } from '../../platform/errors.ts';
import { createRouter, defineRoute, errorContent, jsonContent } from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { fromPreviewDocument } from './preview-actors.ts';

const renewRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/auth/preview-credential',
  tags: ['preview'],
  summary:
    "A fresh preview credential for the valid one in `x-atelier-preview-token` (the builder's preview document asks before its own expires)",
  responses: {
    200: jsonContent(
      z.object({ previewToken: z.string(), expiresAt: z.string() }),
      'The new credential and when it expires',
    ),
    401: errorContent(
      'No valid credential, not from the preview document, the app is no longer the builder’s, or the preview is too old: reload the preview',
    ),
  },
});

/**
 * Renewal of the builder preview's credential (features/preview/preview-token.ts). Only a valid,
 * unexpired credential is renewed, only from the preview document (`Origin: null` or the preview
 * origin), only while the builder still owns the app, and never past the preview's maximum age.
 * The answer is the same refusal whatever the reason.
 */
export function previewCredentialRoutes(runtime: AppsRuntime) {
  return createRouter().openapi(renewRoute, async (c) => {
    const refused = () => new AppError('unauthorized', APP_MESSAGES.previewExpired);
    const credential = c.req.header(PREVIEW_CREDENTIAL_HEADER);
    const claims = credential ? await runtime.previewTokens.verifyCredential(credential) : null;
    if (!claims || !fromPreviewDocument(runtime, claims, c.req.header('origin'))) throw refused();
    if (!(await runtime.apps.find({ userId: claims.userId }, claims.appId))) throw refused();
    const renewed = await runtime.previewTokens.renewCredential(claims);
    if (!renewed) throw refused();
    return c.json({ previewToken: renewed.token, expiresAt: renewed.expiresAt.toISOString() }, 200);
  });
}
