import { APP_MESSAGES, ENTITY_API_MESSAGES, HIDDEN_ENTITY_NAME, PLATFORM_TENANT } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PreviewTokens } from '../preview/preview-token.ts';
import type { AccessActor } from './access.ts';
import type { EntitiesRepo } from './entities.repo.ts';
import type { CompiledEntity, EntitySchemas } from './schemas.ts';

/** The header that names the builder's preview (a preview token): the preview uses the version it shows. */
export const PREVIEW_TOKEN_HEADER = 'x-atelier-preview-token';

/** Whom a request of the entity API is from. */
export interface EntityCaller {
  actor: Actor | undefined;
  /** The preview token the app SDK sends from the builder's preview, if any. */
  previewToken?: string | undefined;
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

interface AppAccessRow {
  owner_id: string;
  current_version_id: string | null;
  published_version_id: string | null;
  app_admin: boolean | null;
}

export const entityNotFound = (name: string) => notFound(ENTITY_API_MESSAGES.entityNotFound(name));

/**
 * Resolves an app's entity for a caller (README.md, "Which version's entities"): the builder who
 * owns the app uses the current version; the builder's preview (a valid preview token) the
 * version it shows; everybody else the published version, or the current one while the app has
 * never been published. One query reads the app and whether the caller is one of its admins.
 */
export class EntityContexts {
  constructor(
    private readonly repo: EntitiesRepo,
    private readonly schemas: EntitySchemas,
    private readonly previewTokens: PreviewTokens,
  ) {}

  async resolve(appId: string, name: string, caller: EntityCaller): Promise<EntityTarget> {
    const { access, versionId } = await this.appAccess(appId, caller);
    if (!versionId) throw entityNotFound(name);
    const entities = await this.schemas.forVersion(appId, versionId);
    const entity = entities.byName.get(name);
    if (name === HIDDEN_ENTITY_NAME) return { appId, versionId, access, kind: 'users', entity, name };
    if (!entity) throw entityNotFound(name);
    return { appId, versionId, access, kind: 'table', entity, name };
  }

  /** The caller's access to the app and the version whose entities apply. 404 when there is no such app. */
  async appAccess(
    appId: string,
    caller: EntityCaller,
  ): Promise<{ access: AccessActor; versionId: string | null }> {
    const actor = caller.actor;
    const endUserOfApp = actor !== undefined && actor.appId === appId && actor.tenantId !== PLATFORM_TENANT;
    const [app] =
      await this.repo.run<AppAccessRow>(sql`select a.owner_id, a.current_version_id, a.published_version_id,
        ${endUserOfApp ? sql`(select u.is_admin from users u where u.id = ${actor.userId} and u.tenant_id = ${actor.tenantId})` : sql`false`} as app_admin
      from apps a where a.id = ${appId}`);
    if (!app) throw notFound(APP_MESSAGES.appNotFound);
    let access: AccessActor = { kind: 'anonymous' };
    if (actor?.tenantId === PLATFORM_TENANT && actor.userId === app.owner_id)
      access = { kind: 'owner', userId: actor.userId };
    else if (endUserOfApp) access = { kind: app.app_admin ? 'admin' : 'user', userId: actor.userId };
    if (access.kind === 'owner') return { access, versionId: app.current_version_id };
    if (caller.previewToken) {
      const claims = await this.previewTokens.verify(caller.previewToken);
      if (claims && claims.appId === appId) return { access, versionId: claims.versionId };
    }
    return { access, versionId: app.published_version_id ?? app.current_version_id };
  }
}

/** 401 for a caller without an identity in the app, else 403. */
export function refused(access: AccessActor, message: string): AppError {
  return access.kind === 'anonymous'
    ? new AppError('unauthorized', message)
    : new AppError('forbidden', message);
}
