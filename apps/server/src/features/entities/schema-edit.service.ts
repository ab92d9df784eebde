import {
  type AddColumnRequest,
  type AddColumnResponse,
  APP_MESSAGES,
  type EntitiesListResponse,
  type EntityInfo,
  entityFilePath,
  parseEntitySchema,
  propertyForDataType,
  resolveRls,
} from '@atelier/shared';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AppActor } from '../apps/apps.repo.ts';
import type { VersionsRepo } from '../apps/versions.repo.ts';
import { entityNotFound } from './context.ts';
import { entityNameOfPath } from './schemas.ts';

/** The entities of the app's current version, for the database panel (builder only; others 404). */
export async function listEntities(
  versions: VersionsRepo,
  actor: AppActor,
  appId: string,
): Promise<EntitiesListResponse> {
  const { version, files } = await versions.getCurrent(actor, appId);
  const entities: EntityInfo[] = [];
  for (const file of files) {
    const name = entityNameOfPath(file.path);
    if (!name) continue;
    const parsed = parseEntitySchema(file.content);
    if (!parsed.ok) continue;
    entities.push({
      name,
      path: file.path,
      fileId: file.id,
      schema: parsed.schema,
      rls: resolveRls(parsed.schema) ?? null,
    });
  }
  entities.sort((a, b) => a.name.localeCompare(b.name));
  return { versionId: version?.id ?? null, entities };
}

/** Adds a property to an entity's schema: a new version of the app with the changed entity file. */
export async function addColumn(
  versions: VersionsRepo,
  actor: AppActor,
  appId: string,
  entity: string,
  request: AddColumnRequest,
): Promise<AddColumnResponse> {
  const { files } = await versions.getCurrent(actor, appId);
  const file = files.find((candidate) => candidate.path === entityFilePath(entity));
  if (!file) throw entityNotFound(entity);
  const parsed = parseEntitySchema(file.content);
  if (!parsed.ok) throw new AppError('bad_request', parsed.message);
  const schema = parsed.schema;
  if (
    Object.hasOwn(schema.properties, request.name) ||
    ['id', 'creatorId', 'createdAt', 'updatedAt'].includes(request.name)
  ) {
    throw new AppError('conflict', `A column named ${request.name} already exists`);
  }
  const next = {
    ...schema,
    properties: {
      ...schema.properties,
      [request.name]: propertyForDataType(request.dataType, request.options),
    },
  };
  const result = await versions.createVersion(actor, appId, {
    changes: [{ op: 'upsert', id: file.id, content: `${JSON.stringify(next, null, 2)}\n` }],
    description: `Added the ${request.name} column to ${entity}`,
  });
  const written = result.files.find((candidate) => candidate.id === file.id);
  const reparsed = written ? parseEntitySchema(written.content) : undefined;
  if (!written || !reparsed?.ok) throw notFound(APP_MESSAGES.fileNotFound);
  return {
    version: result.version,
    entity: {
      name: entity,
      path: written.path,
      fileId: written.id,
      schema: reparsed.schema,
      rls: resolveRls(reparsed.schema) ?? null,
    },
  };
}
