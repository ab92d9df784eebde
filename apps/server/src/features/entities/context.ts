import { APP_MESSAGES, ENTITY_API_MESSAGES, HIDDEN_ENTITY_NAME, PLATFORM_TENANT } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { SignalledCache } from '../../platform/events/signalled-cache.ts';
import type { PreviewTokens } from '../preview/preview-token.ts';
import type { AccessActor } from './access.ts';
import type { EntitiesRepo } from './entities.repo.ts';
import type { CompiledEntity, EntitySchemas } from './schemas.ts';

/** The header of the builder preview's credential: the preview uses the version it shows. */
export { PREVIEW_CREDENTIAL_HEADER as PREVIEW_TOKEN_HEADER } from '../../platform/auth/runtime.ts';

/** Whom a request of the entity API is from. */
export interface EntityCaller {
  actor: Actor | undefined;
  /** The preview credential the app SDK sends from the builder's preview, if any. */
  previewToken?: string | undefined;
  /** The app whose service role the request acts as (a function's `asServiceRole` call). */
  serviceRoleFor?: string | undefined;
}

/** An entity of an app, resolved for one caller: which rules apply and to whom. */
export interface EntityTarget {
  appId: string;
  versionId: string;
  access: AccessActor;
  /** The hidden `User` entity is the app's end users; every other entity is a table of records. */
  kind: 'table' | 'users';
  /** The entity file of the version; for `User` it may be absent (then only the built-in fields exist). */
  entity: CompiledEntity | undefined;
  name: string;
}

interface AppRow {
  owner_id: string;
  current_version_id: string | null;
  published_version_id: string | null;
  /** "Require login to access" (settings.requireLogin): only signed-in callers reach its data. */
  require_login: boolean;
}

export const entityNotFound = (name: string) => notFound(ENTITY_API_MESSAGES.entityNotFound(name));

/** What the database signals when an app's owner, versions, settings or existence change (migrations 0009, 0031). */
export const APP_CHANGED_TOPIC = 'apps:changed';

/**
 * How long an app's row (owner, current and published version) is reused without a change signal.
 * Changes are signalled at once through the event bus (a trigger on `apps`); this only bounds how
 * stale a row can get should a signal be lost unnoticed.
 */
const APP_ROW_TTL_MS = 5_000;

/**
 * Resolves an app's entity for a caller (README.md, "Which version's entities"): the builder who
 * owns the app uses the current version; the builder's preview (a valid preview token) the
 * version it shows; everybody else the published version, or the current one while the app has
 * never been published.
 */
export function createEntityContexts(
  repo: EntitiesRepo,
  schemas: EntitySchemas,
  previewTokens: PreviewTokens,
  bus: EventBus,
) {
  const apps = new SignalledCache<string, AppRow>(bus, { ttlMs: APP_ROW_TTL_MS, maxEntries: 10_000 });

  bus.subscribe<{ appId?: string }>(APP_CHANGED_TOPIC, (event) => {
    entityContexts.forget(event.data.appId);
  });

  /** The version the builder's preview shows, when the caller sends a valid preview credential of this app. */
  async function previewedVersion(
    appId: string,
    callerOrPending: EntityCaller | Promise<EntityCaller>,
  ): Promise<string | null> {
    const { previewToken } = await callerOrPending;
    if (!previewToken) return null;
    const claims = await previewTokens.verifyCredential(previewToken);
    return claims && claims.appId === appId ? claims.versionId : null;
  }

  function appRow(appId: string, fresh = false): Promise<AppRow | undefined> {
    return apps.load(
      appId,
      async () =>
        (
          await repo.run<AppRow>(
            sql`select a.owner_id, a.current_version_id, a.published_version_id,
              coalesce((a.settings->>'requireLogin')::boolean, false) as require_login
              from apps a where a.id = ${appId}`,
          )
        )[0],
      fresh,
    );
  }

  const entityContexts = {
    async resolve(
      appId: string,
      name: string,
      caller: EntityCaller | Promise<EntityCaller>,
    ): Promise<EntityTarget> {
      const { access, versionId } = await entityContexts.appAccess(appId, caller);
      if (!versionId) throw entityNotFound(name);
      const entities = await schemas.forVersion(appId, versionId);
      const entity = entities.byName.get(name);
      if (name === HIDDEN_ENTITY_NAME) return { appId, versionId, access, kind: 'users', entity, name };
      if (!entity) throw entityNotFound(name);
      return { appId, versionId, access, kind: 'table', entity, name };
    },

    /** The caller's access to the app and the version whose entities apply. 404 when there is no such app. */
    async appAccess(
      appId: string,
      callerOrPending: EntityCaller | Promise<EntityCaller>,
    ): Promise<{ access: AccessActor; versionId: string | null }> {
      // The app's row, the caller's sign-in and the previewed version are looked up side by side.
      let [app, caller, previewed] = await Promise.all([
        appRow(appId),
        callerOrPending,
        previewedVersion(appId, callerOrPending),
      ]);
      const actor = caller.actor;
      // Builders (the database panel) always see the newest pointers, not a row from the cache.
      if (actor?.tenantId === PLATFORM_TENANT) app = await appRow(appId, true);
      if (!app) throw notFound(APP_MESSAGES.appNotFound);
      // A function's asServiceRole call: the app's owner's rights (rules bypassed), on the version
      // end users see.
      if (caller.serviceRoleFor === appId) {
        return {
          access: { kind: 'owner', userId: app.owner_id },
          versionId: previewed ?? app.published_version_id ?? app.current_version_id,
        };
      }
      let access: AccessActor = { kind: 'anonymous' };
      if (actor?.tenantId === PLATFORM_TENANT && actor.userId === app.owner_id) {
        return {
          access: { kind: 'owner', userId: actor.userId },
          versionId: previewed ?? app.current_version_id,
        };
      }
      if (actor && actor.tenantId !== PLATFORM_TENANT && actor.appId === appId) {
        access = {
          kind: 'member',
          userId: actor.userId,
          tenantId: actor.tenantId,
          // Known from the session (one statement fewer per request; `isAppAdmin`).
          ...(actor.appAdmin === undefined ? {} : { isAdmin: actor.appAdmin }),
        };
      }
      // An app that requires login keeps its data from signed-out visitors whatever its rules say
      // (the builder's preview, acting as the app, still reads it).
      if (access.kind === 'anonymous' && app.require_login && previewed === null) {
        throw new AppError('unauthorized', ENTITY_API_MESSAGES.appRequiresSignIn);
      }
      return { access, versionId: previewed ?? app.published_version_id ?? app.current_version_id };
    },

    /** Drops the cached row of an app (all rows when no id is given): it changed. */
    forget(appId?: string): void {
      apps.forget(appId === undefined ? undefined : (key) => key === appId);
    },
  };
  return entityContexts;
}

export type EntityContexts = ReturnType<typeof createEntityContexts>;

/** 401 for a caller without an identity in the app, else 403. */
export function refused(access: AccessActor, message: string): AppError {
  return access.kind === 'anonymous'
    ? new AppError('unauthorized', message)
    : new AppError('forbidden', message);
}
