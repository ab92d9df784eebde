import {
  ENTITY_NAME_PATTERN,
  type EntityFieldSchema,
  type EntityRules,
  type EntitySchema,
  fieldRulesOf,
  parseEntitySchema,
  resolveRules,
} from '@atelier/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { appFileBlobs, appVersions } from '../../platform/db/schema/index.ts';
import { LruCache } from '../compile/lru.ts';
import type { FieldRules } from './field-access.ts';
import { type RecordValidators, validatorFactory } from './validation.ts';

/** An entity of one app version, ready to serve: its schema, effective rules and compiled validators. */
export interface CompiledEntity {
  name: string;
  /** The entity file's path and stable id in the version. */
  path: string;
  fileId: string;
  schema: EntitySchema;
  /** The rule of each operation (Atelier's roles or Base44's rules, `resolveRules`). */
  rules: EntityRules;
  /** Base44's field-level rules by field (`field-access.ts`); empty for most entities. */
  fieldRules: FieldRules;
  validators: RecordValidators;
}

/** The entities of one version by name, plus the files that are not valid entity schemas. */
export interface VersionEntities {
  versionId: string;
  byName: Map<string, CompiledEntity>;
  problems: { path: string; message: string }[];
}

const ENTITY_FILE = /^entities\/([^/]+)\.json$/;

/** The entity name of a file path (`entities/Contact.json` → `Contact`), or undefined. */
export function entityNameOfPath(path: string): string | undefined {
  const name = ENTITY_FILE.exec(path)?.[1];
  return name && ENTITY_NAME_PATTERN.test(name) ? name : undefined;
}

/** The field schema at a dotted path of an entity (nested object properties), or undefined. */
export function fieldAt(
  schema: Pick<EntitySchema, 'properties'>,
  path: readonly string[],
): EntityFieldSchema | undefined {
  let properties: Record<string, EntityFieldSchema> | undefined = schema.properties;
  let field: EntityFieldSchema | undefined;
  for (const key of path) {
    if (!properties || !Object.hasOwn(properties, key)) return undefined;
    field = properties[key];
    properties = field?.properties;
  }
  return field;
}

/**
 * Parsed and compiled entity schemas of app versions. Versions are immutable, so the cache is keyed
 * by version id and never goes stale; it holds the most recently used `capacity` versions.
 */
export function createEntitySchemas(db: Db, capacity = 500) {
  const cache = new LruCache<string, Promise<VersionEntities>>(capacity);

  async function load(appId: string, versionId: string): Promise<VersionEntities> {
    const [row] = await db
      .select({ files: appVersions.files })
      .from(appVersions)
      .where(and(eq(appVersions.appId, appId), eq(appVersions.id, versionId)))
      .limit(1);
    const entries = (row?.files ?? []).filter((entry) => entityNameOfPath(entry.path) !== undefined);
    const hashes = [...new Set(entries.map((entry) => entry.hash))];
    const blobs =
      hashes.length === 0
        ? []
        : await db.select().from(appFileBlobs).where(inArray(appFileBlobs.hash, hashes));
    const contentOf = new Map(blobs.map((blob) => [blob.hash, blob.content]));
    const byName = new Map<string, CompiledEntity>();
    const problems: VersionEntities['problems'] = [];
    const validators = validatorFactory();
    for (const entry of entries) {
      const name = entityNameOfPath(entry.path) as string;
      try {
        // Inside the try: one entity file that cannot be read is that entity's problem, never a
        // failure of every entity of the version.
        const parsed = parseEntitySchema(contentOf.get(entry.hash) ?? '');
        if (!parsed.ok) {
          problems.push({ path: entry.path, message: parsed.message });
          continue;
        }
        byName.set(name, {
          name,
          path: entry.path,
          fileId: entry.id,
          schema: parsed.schema,
          rules: resolveRules(parsed.schema.rls),
          fieldRules: fieldRulesOf(parsed.schema),
          validators: validators.compile(parsed.schema),
        });
      } catch (error) {
        problems.push({ path: entry.path, message: `Invalid JSON Schema: ${(error as Error).message}` });
      }
    }
    return { versionId, byName, problems };
  }

  return {
    /** The entities of a version of an app (empty when the version is not the app's). */
    forVersion(appId: string, versionId: string): Promise<VersionEntities> {
      const key = `${appId}\u0000${versionId}`;
      let pending = cache.get(key);
      if (!pending) {
        pending = load(appId, versionId);
        cache.set(key, pending);
        pending.catch(() => cache.delete(key));
      }
      return pending;
    },
  };
}

export type EntitySchemas = ReturnType<typeof createEntitySchemas>;
