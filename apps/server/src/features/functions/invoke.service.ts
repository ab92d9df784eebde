import { createHash } from 'node:crypto';
import { APP_MESSAGES, FUNCTION_MESSAGES, GENERIC_ERROR_MESSAGES, PLATFORM_TENANT } from '@atelier/shared';
import type { Actor } from '../../platform/auth/actor.ts';
import { PREVIEW_CREDENTIAL_HEADER } from '../../platform/auth/runtime.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { JSON_BODY_LIMIT_BYTES } from '../../platform/http/json-body.ts';
import type { InvokeResult, LogLine, SdkAnswer, SdkCall } from '../../platform/sandbox/index.ts';
import { isAppPublished } from '../apps/apps.repo.ts';
import { appAddresses } from '../apps/apps.service.ts';
import { BASE44_APP_ID_HEADER } from '../base44/protocol.ts';
import { deployOnFirstCall } from './deploy.service.ts';
import { builtinFunctionEnv } from './env-reads.ts';
import type { FunctionsRuntime, SdkDispatchEnv } from './functions.runtime.ts';
import {
  appOriginResponseHeaders,
  functionResponseHeaders,
  isWithinAddresses,
  withoutCookie,
} from './response-headers.ts';

/** Functions calling functions through `ctx.sdk.functions.invoke` may nest this deep. */
export const MAX_FUNCTION_DEPTH = 3;

const SDK_SECTIONS = new Set(['entities', 'functions', 'integrations']);
/** What the Base44 client of a function (npm:@base44/sdk) may call under `/api/apps/{appId}/`. */
const BASE44_SECTIONS = new Set(['entities', 'functions', 'integration-endpoints']);
const SDK_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export interface InvokeInput {
  appId: string;
  name: string;
  request: Request;
  /** The request body (read once by the framework when it was JSON). */
  body: () => Promise<ArrayBuffer>;
  actor: Actor | null;
  trigger: 'webhook' | 'sdk' | 'entity' | 'schedule';
  /** An entity hook's run: the function's caller-bound SDK calls act as the app's service role. */
  callerIsService?: boolean;
  /** Bindings of an in-process SDK request (a function calling a function). */
  env?: SdkDispatchEnv | undefined;
  /**
   * Called on the app's own origin (`{slug}.{APPS_DOMAIN}` or its verified domain): the function
   * gets that origin's cookies and its answer keeps its own headers (cookies, redirects, pages).
   * Elsewhere (the platform's origin) the answer passes `functionResponseHeaders`' allow-list.
   */
  onAppOrigin?: boolean;
}

/** Replaces every secret value in a text (log lines, error messages) with `[redacted]`. */
export function secretRedactor(env: Record<string, string>): (text: string) => string {
  const values = Object.values(env)
    .filter((value) => value.length >= 4)
    .sort((a, b) => b.length - a.length);
  if (values.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const value of values) out = out.split(value).join('[redacted]');
    return out;
  };
}

/**
 * Runs a deployed function for `POST|GET /api/apps/{appId}/functions/{name}` (the webhook URL) and
 * for `functions.invoke` of the app SDK. Callers other than the app's builder need the app
 * published ("App must be published to get webhook URL"). The function gets the request (without
 * the caller's cookie or Atelier credentials), the app's secrets as `ctx.env` and `ctx.sdk`, which
 * acts as the caller (or, explicitly, as the app's service role).
 */
export async function invokeFunction(rt: FunctionsRuntime, input: InvokeInput): Promise<Response> {
  const { appId, name, request, actor } = input;
  const depth = input.env?.atelierFunctionDepth ?? 0;
  if (depth > MAX_FUNCTION_DEPTH) {
    throw new AppError(
      'bad_request',
      `Functions may call functions at most ${MAX_FUNCTION_DEPTH} levels deep`,
    );
  }
  const app = await rt.apps.unsafeFindById(appId);
  if (!app) throw notFound(APP_MESSAGES.appNotFound);
  const isBuilder = actor?.tenantId === PLATFORM_TENANT && actor.userId === app.ownerId;
  const isServiceCall = input.env?.atelierServiceRole?.appId === appId;
  if (!isAppPublished(app) && !isBuilder && !isServiceCall) {
    throw new AppError('app_not_published', FUNCTION_MESSAGES.notPublished);
  }
  let deployment = await rt.repo.live(appId, name);
  if (!deployment?.bundle && isBuilder && (await deployOnFirstCall(rt, app.ownerId, appId, name))) {
    deployment = await rt.repo.live(appId, name);
  }
  if (!deployment?.bundle) throw notFound(FUNCTION_MESSAGES.notDeployed);

  const body = await readBody(request, input.body);
  const env = await rt.secrets.unsafeEnvFor(appId);
  const redact = secretRedactor(env);
  const headers: [string, string][] = [];
  for (const [key, value] of request.headers) {
    if (key === 'cookie') {
      // The platform's cookies are never the function's; on the app's origin its own cookies are.
      const own = input.onAppOrigin ? withoutCookie(value, rt.config.auth.sessionCookieName) : '';
      if (own) headers.push([key, own]);
      continue;
    }
    if (key === 'authorization' && actor) continue;
    if (key === PREVIEW_CREDENTIAL_HEADER) continue;
    headers.push([key, value]);
  }
  const started = performance.now();
  const result = await rt.pool().invoke({
    key: `${appId}:${deployment.id}:${envStamp(env)}`,
    // Each app gets a fair share of the pool; calls from its own functions get a second share, so a
    // function waiting on another never waits behind its own callers.
    tenant: depth > 0 ? `${appId}:nested` : appId,
    code: deployment.bundle,
    // The app's secrets win over the built-in names (never secrets, so never redacted).
    env: { ...builtinFunctionEnv(appId, rt.origin()), ...env },
    request: { method: request.method, url: request.url, headers, body },
    onSdkCall: (call) =>
      sdkCall(rt, appId, input.callerIsService ? { ...call, role: 'service' } : call, request, depth, {
        // The caller is the builder's preview (the credential checked where the call came from: the
        // sandboxed frame, or the preview's own origin when opened in a tab of its own).
        byPreview: Boolean(actor) && request.headers.has(PREVIEW_CREDENTIAL_HEADER),
      }),
  });
  const durationMs = Math.round(performance.now() - started);
  const busy = busyAnswer(result);
  if (busy) return busy;
  const location =
    result.outcome.ok && !input.onAppOrigin
      ? result.outcome.response.headers.find(([key]) => key.toLowerCase() === 'location')
      : undefined;
  // A redirect may stay on the app (its addresses, or its own function URLs), nowhere else.
  const own = location
    ? [...(await appAddresses(rt.appsArea, appId)), `${rt.origin()}/api/apps/${appId}/functions`]
    : [];
  const answer = toAnswer(
    result,
    redact,
    input.onAppOrigin
      ? appOriginResponseHeaders
      : (given) => functionResponseHeaders(given, (value) => isWithinAddresses(value, rt.origin(), own)),
  );
  await rt.repo
    .recordInvocation({
      appId,
      name,
      deploymentId: deployment.id,
      status: result.outcome.ok ? 'success' : result.outcome.kind === 'timeout' ? 'timeout' : 'error',
      httpStatus: answer instanceof Response ? answer.status : answer.status,
      durationMs,
      cold: result.cold,
      trigger: input.trigger,
      error: result.outcome.ok ? null : redact(result.outcome.message),
      logs: result.logs.map((line: LogLine) => ({ ...line, message: redact(line.message) })),
    })
    .catch((error: unknown) =>
      rt.logger.warn({ err: error, appId, name }, 'could not record a function invocation'),
    );
  if (answer instanceof AppError) throw answer;
  return answer;
}

async function readBody(request: Request, read: () => Promise<ArrayBuffer>): Promise<Uint8Array | null> {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > JSON_BODY_LIMIT_BYTES) {
    throw new AppError('payload_too_large', GENERIC_ERROR_MESSAGES.payloadTooLarge, {
      limitBytes: JSON_BODY_LIMIT_BYTES,
    });
  }
  const bytes = new Uint8Array(await read());
  if (bytes.byteLength > JSON_BODY_LIMIT_BYTES) {
    throw new AppError('payload_too_large', GENERIC_ERROR_MESSAGES.payloadTooLarge, {
      limitBytes: JSON_BODY_LIMIT_BYTES,
    });
  }
  return bytes.byteLength > 0 ? bytes : null;
}

/** Changes whenever a secret changes, so a warm isolate never serves stale secrets. */
function envStamp(env: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const key of Object.keys(env).sort()) hash.update(`${key}\u0000${env[key]}\u0000`);
  return hash.digest('base64url').slice(0, 16);
}

/** Seconds a caller refused for a full queue is asked to wait. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * The pool did not take the invocation: 429 when this app has its share running and its queue full,
 * 503 when the whole pool's queue is full; both with Retry-After, and not recorded as runs.
 */
function busyAnswer(result: InvokeResult): Response | undefined {
  const { outcome } = result;
  if (outcome.ok || (outcome.kind !== 'app_busy' && outcome.kind !== 'overloaded')) return undefined;
  const error =
    outcome.kind === 'app_busy'
      ? new AppError('rate_limited', outcome.message)
      : new AppError('service_unavailable', outcome.message);
  return new Response(JSON.stringify(error.toBody()), {
    status: error.status,
    headers: { 'content-type': 'application/json', 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
  });
}

function toAnswer(
  result: InvokeResult,
  redact: (text: string) => string,
  responseHeaders: (given: [string, string][]) => Headers,
): Response | AppError {
  const { outcome } = result;
  if (!outcome.ok) {
    if (outcome.kind === 'timeout') return new AppError('function_timeout', outcome.message);
    return new AppError('function_error', redact(outcome.message), { kind: outcome.kind });
  }
  const { status, body } = outcome.response;
  if (status < 200 || status > 599)
    return new AppError('function_error', `The function answered status ${status}`);
  const headers = responseHeaders(outcome.response.headers);
  const nullBody = status === 204 || status === 205 || status === 304;
  return new Response(nullBody ? null : (body ?? null), { status, headers });
}

/** Answers a `ctx.sdk` call: the same API request the app SDK would make, for this app only. */
async function sdkCall(
  rt: FunctionsRuntime,
  appId: string,
  call: SdkCall,
  original: Request,
  depth: number,
  { byPreview }: { byPreview: boolean },
): Promise<SdkAnswer> {
  const method = String(call.method).toUpperCase();
  const segments = Array.isArray(call.path) ? call.path.map(String) : [];
  const base44 = call.protocol === 'base44';
  if (
    !SDK_METHODS.has(method) ||
    !(base44 ? BASE44_SECTIONS : SDK_SECTIONS).has(segments[0] ?? '') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    return {
      ok: false,
      status: 400,
      code: 'bad_request',
      message: 'This SDK call is not available in functions',
    };
  }
  const url = new URL(
    `/api/apps/${encodeURIComponent(appId)}/${segments.map(encodeURIComponent).join('/')}`,
    rt.origin(),
  );
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  const headers = new Headers({ accept: 'application/json', origin: rt.origin() });
  // The Base44 SDK's header: the routes answer in Base44's protocol (features/base44).
  if (base44) headers.set(BASE44_APP_ID_HEADER, appId);
  if (call.role === 'caller') {
    // The caller's bearer credential only: never the cookie (functions do not act by cookie).
    const authorization = original.headers.get('authorization');
    if (authorization) headers.set('authorization', authorization);
    // Called from the builder's preview: the function's calls act as the preview does (same app only).
    const preview = original.headers.get(PREVIEW_CREDENTIAL_HEADER);
    if (preview && byPreview && !original.headers.has('authorization')) {
      headers.set(PREVIEW_CREDENTIAL_HEADER, preview);
      headers.set('origin', 'null');
    }
  }
  let body: string | undefined;
  if (call.body !== undefined && method !== 'GET') {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(call.body);
  }
  const env: SdkDispatchEnv = {
    atelierFunctionDepth: depth + 1,
    ...(call.role === 'service' ? { atelierServiceRole: { appId } } : {}),
  };
  const response = await rt.dispatch(new Request(url, { method, headers, body }), env);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the text itself.
  }
  if (response.ok) {
    if (!base44) return { ok: true, body: parsed };
    return { ok: true, body: parsed, status: response.status, headers: Object.fromEntries(response.headers) };
  }
  const error = (parsed as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
  return {
    ok: false,
    status: response.status,
    code: error?.code ?? `http_${response.status}`,
    message: error?.message ?? `Request failed with status ${response.status}`,
    details: error?.details,
  };
}
