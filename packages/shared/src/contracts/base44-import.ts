import { z } from 'zod';
import { appSchema } from './apps.ts';

/** Messages of the Base44 import (spec: issue 27). */
export const BASE44_IMPORT_MESSAGES = {
  noFile: 'Send the export as a zip in the "file" field, or a Git URL in "url".',
  notAnExport: 'This is not an exported Base44 app: there is no src/ folder with a main.jsx or App.jsx.',
  gitUrl: 'Use an https:// Git URL of a public repository on github.com, gitlab.com or codeberg.org.',
  gitUnreachable: 'The repository could not be downloaded from this server.',
} as const;

const itemSchema = z.object({ path: z.string(), reason: z.string() });

/** What an import brought in, translated, and what still needs the builder. */
export const base44ImportReportSchema = z
  .object({
    source: z.string(),
    importedAt: z.string(),
    files: z.object({ imported: z.number().int(), skipped: z.array(itemSchema) }),
    entities: z.array(
      z.object({
        name: z.string(),
        fields: z.number().int(),
        rules: z.enum(['translated', 'default', 'dropped']),
        inferred: z.boolean(),
        problem: z.string().optional(),
        originalRules: z.unknown().optional(),
      }),
    ),
    /** Entity files that could not be read at all. */
    entityErrors: z.array(itemSchema),
    functions: z.array(
      z.object({
        name: z.string(),
        path: z.string(),
        /**
         * `built`: compiled and deployed at import; `failed`: it does not compile (`error`);
         * `needs-secrets`: deployed too, but it reads secrets not set yet (`missingSecrets`: they
         * read as undefined, as on Base44 while unset); `imported`: copied, not built (beyond the
         * import's build limit: built on its first call from the builder's preview, or when
         * deployed); `skipped`: not copied (`reason`).
         */
        status: z.enum(['built', 'failed', 'needs-secrets', 'imported', 'skipped']),
        reason: z.string().optional(),
        error: z.string().optional(),
        missingSecrets: z.array(z.string()).optional(),
        /** Scheduled automations of its function.jsonc, which run on their schedule once it is deployed. */
        scheduledAutomations: z.array(z.string()).optional(),
        /** Automations of its function.jsonc that do not run (types Atelier does not know): their names. */
        ignoredAutomations: z.array(z.string()).optional(),
      }),
    ),
    /** Base44 agents kept as `agents/<name>.jsonc`: the app's conversations with them (`base44.agents`). */
    agents: z.array(z.object({ name: z.string(), path: z.string() })).optional(),
    /** Secret names the functions read with Deno.env.get: set them in Settings → Secrets. */
    secrets: z.array(z.string()),
    /**
     * Environment names the app's code reads (`import.meta.env.VITE_SUPABASE_URL`, `process.env.X`)
     * that Atelier does not set: a Vite project's `.env` is not in its repository, and
     * `.env.example`'s values are placeholders, not used. They read as undefined.
     */
    unsetEnv: z.array(z.string()).optional(),
    packages: z.array(z.object({ name: z.string(), status: z.enum(['built-in', 'on-demand', 'unused']) })),
    data: z.array(
      z.object({
        entity: z.string(),
        file: z.string(),
        rows: z.number().int(),
        imported: z.number().int(),
        errors: z.array(z.string()),
      }),
    ),
    /** Files on Base44's storage the app's code or data points at that were not copied. */
    storageUrls: z.array(z.string()),
    /** Each Base44 storage URL: its copy in the app's storage (`fileUrl`), or why not (`reason`). */
    storageFiles: z
      .array(z.object({ url: z.string(), fileUrl: z.string().optional(), reason: z.string().optional() }))
      .optional(),
    /** Things translated on the way in (CSS, client set-up, entry). */
    translated: z.array(z.string()),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'Base44ImportReport' });
export type Base44ImportReport = z.infer<typeof base44ImportReportSchema>;

export const base44ImportResponseSchema = z.object({ app: appSchema, report: base44ImportReportSchema });
export type Base44ImportResponse = z.infer<typeof base44ImportResponseSchema>;
