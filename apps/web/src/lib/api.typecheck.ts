/**
 * A typecheck fixture (imported by nothing, never run): the typed client refuses what the server's
 * route contracts do not have. Were the client untyped, these `@ts-expect-error`s would be unused
 * and `npm run typecheck` would fail; the same check fails a call to a route the server renamed.
 */
import { api } from './api.ts';
import type { components } from './api-types.gen.ts';

type Schemas = components['schemas'];

export function refusedByTheContracts(): void {
  // @ts-expect-error a route the server does not have (as after a rename)
  void api.GET('/llm/model-list');
  // @ts-expect-error a body of the wrong shape
  void api.PUT('/admin/llm/settings', { body: { openaiApiKey: 42 } });
  // @ts-expect-error a path parameter left out
  void api.GET('/context/{id}', {});
  // @ts-expect-error an upload without its file (a multipart body is typed too)
  void api.POST('/apps/{appId}/chat/attachments', { params: { path: { appId: 'a' } }, body: {} });
}

/** The document says what the server answers (platform/http/openapi-document.ts). */
export function faithfulToTheAnswers(summary: Schemas['FunctionSummary']): void {
  // A summary's deployments may be null…
  summary.live = null;
  // @ts-expect-error …a deployment itself never is (its component was nullable everywhere)
  const deployment: Schemas['FunctionDeployment'] = null;
  // @ts-expect-error an app always has its features (null when none): a z.unknown() key is not optional
  const app: Pick<Schemas['App'], 'features'> = {};
  void [deployment, app];
}
