/**
 * A typecheck fixture (imported by nothing, never run): the typed client refuses what the server's
 * route contracts do not have. Were the client untyped, these `@ts-expect-error`s would be unused
 * and `npm run typecheck` would fail; the same check fails a call to a route the server renamed.
 */
import { api } from './api.ts';

export function refusedByTheContracts(): void {
  // @ts-expect-error a route the server does not have (as after a rename)
  void api.GET('/llm/model-list');
  // @ts-expect-error a body of the wrong shape
  void api.PUT('/admin/llm/settings', { body: { openaiApiKey: 42 } });
  // @ts-expect-error a path parameter left out
  void api.GET('/context/{id}', {});
}
