import {
  APP_MESSAGES,
  isReservedSecretName,
  MAX_SECRETS_PER_APP,
  type SaveSecretsResponse,
  SECRET_MESSAGES,
  type SecretInput,
  type SecretView,
} from '@atelier/shared';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AppActor, AppsRepo } from '../apps/apps.repo.ts';
import type { SecretRow, SecretsRepo } from './secrets.repo.ts';

export interface SecretsServiceDeps {
  apps: AppsRepo;
  secrets: SecretsRepo;
  box: SecretBox;
  /** The deployed functions of the app that read any of `keys` (for the redeploy dialog). */
  affectedFunctions: (appId: string, keys: string[]) => Promise<string[]>;
}

const toView = (row: SecretRow): SecretView => ({
  key: row.key,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The secrets manager (spec 1 §2, spec 2 §2/§5, spec 3 §7): keys and descriptions out, values in.
 * A value is encrypted before it is stored and is decrypted only by `envFor`, for the function
 * runtime. Reserved names are ignored (spec 1 §9).
 */
export function createSecretsService(deps: SecretsServiceDeps) {
  async function ownedApp(actor: AppActor, appId: string) {
    const app = await deps.apps.find(actor, appId);
    if (!app) throw notFound(APP_MESSAGES.appNotFound);
    return app;
  }

  return {
    async list(actor: AppActor, appId: string): Promise<SecretView[]> {
      await ownedApp(actor, appId);
      return (await deps.secrets.list(appId)).map(toView);
    },

    async save(actor: AppActor, appId: string, inputs: SecretInput[]): Promise<SaveSecretsResponse> {
      await ownedApp(actor, appId);
      const existing = await deps.secrets.keys(appId);
      const seen = new Set<string>();
      const ignored: string[] = [];
      const writes: { key: string; value: string | undefined; description: string | undefined }[] = [];
      for (const input of inputs) {
        const key = input.key.trim();
        if (seen.has(key)) throw new AppError('validation_error', SECRET_MESSAGES.duplicateKey(key));
        seen.add(key);
        if (isReservedSecretName(key)) {
          ignored.push(key);
          continue;
        }
        const value = input.value === undefined || input.value === '' ? undefined : input.value;
        if (value === undefined && !existing.has(key)) {
          throw new AppError('validation_error', SECRET_MESSAGES.keyAndValueRequired, { key });
        }
        writes.push({ key, value, description: input.description ?? input.instructions });
      }
      const added = writes.filter((write) => !existing.has(write.key)).length;
      if (existing.size + added > MAX_SECRETS_PER_APP) {
        throw new AppError('validation_error', `An app can hold at most ${MAX_SECRETS_PER_APP} secrets`);
      }
      for (const write of writes) {
        await deps.secrets.upsert(appId, write.key, {
          valueEncrypted: write.value === undefined ? undefined : deps.box.encrypt(write.value),
          description: write.description,
        });
      }
      const saved = writes.map((write) => write.key);
      return {
        secrets: (await deps.secrets.list(appId)).map(toView),
        saved,
        ignored,
        affectedFunctions: saved.length > 0 ? await deps.affectedFunctions(appId, saved) : [],
      };
    },

    async remove(
      actor: AppActor,
      appId: string,
      key: string,
    ): Promise<{ deleted: string; affectedFunctions: string[] }> {
      await ownedApp(actor, appId);
      if (!(await deps.secrets.delete(appId, key))) throw notFound(SECRET_MESSAGES.notFound);
      return { deleted: key, affectedFunctions: await deps.affectedFunctions(appId, [key]) };
    },

    /** Stored secret names (not values) of an app the caller has already authorised. */
    unsafeKeys(appId: string): Promise<Set<string>> {
      return deps.secrets.keys(appId);
    },

    /**
     * The decrypted secrets of an app, as a function's `ctx.env`. Only the function runtime calls
     * this; the answer must never be logged, sent to a client or to a model.
     */
    async unsafeEnvFor(appId: string): Promise<Record<string, string>> {
      const env: Record<string, string> = {};
      for (const row of await deps.secrets.unsafeEncryptedValues(appId)) {
        if (!isReservedSecretName(row.key)) env[row.key] = deps.box.decrypt(row.valueEncrypted);
      }
      return env;
    },
  };
}

export type SecretsService = ReturnType<typeof createSecretsService>;
