import { functionConfigPath } from '@atelier/shared';
import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { z } from 'zod';
import type { StoredEntityAutomation, StoredScheduledAutomation } from '../../platform/db/schema/index.ts';
import { parseSchedule, SCHEDULE_LIMITS } from './schedules.ts';

/**
 * The automations of a function in the folder form (`functions/{name}/function.jsonc`, as Base44
 * exports them): entity hooks (`type: "entity"`, `entity_name`, `event_types`) run the function on
 * create/update/delete of the entity's records (entity-triggers.ts); scheduled ones (`type:
 * "scheduled"`: cron, simple interval or one time, schedules.ts) run on their schedule
 * (scheduled-runs.ts). Other types are listed as ignored. `is_active: false` turns one off.
 */
export interface FunctionAutomations {
  entity: StoredEntityAutomation[];
  scheduled: StoredScheduledAutomation[];
  /** Names of automations that do not run (types Atelier does not know). */
  ignored: string[];
}

/** Most entity hooks one function may declare. */
export const MAX_ENTITY_AUTOMATIONS = 20;

const entityHook = z.object({
  name: z.string().min(1).max(200).optional(),
  type: z.literal('entity'),
  entity_name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must be an entity name'),
  event_types: z
    .array(z.enum(['create', 'update', 'delete']))
    .min(1)
    .max(3),
  function_args: z.record(z.string(), z.unknown()).nullish(),
  is_active: z.boolean().optional(),
});
const anyAutomation = z.object({
  name: z.string().optional(),
  type: z.string().optional(),
  is_active: z.boolean().optional(),
});
const config = z.object({ automations: z.array(z.unknown()).max(100).optional() });

/** Reads the function's config among the app's files; `{ ok: false }` names what is wrong. */
export function functionAutomations(
  name: string,
  files: Map<string, string>,
): { ok: true; automations: FunctionAutomations } | { ok: false; diagnostics: string[] } {
  const path = functionConfigPath(name);
  const text = files.get(path);
  const automations: FunctionAutomations = { entity: [], scheduled: [], ignored: [] };
  if (text === undefined) return { ok: true, automations };
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const first = errors[0]!;
    return {
      ok: false,
      diagnostics: [`${path}: ${printParseErrorCode(first.error)} at offset ${first.offset}`],
    };
  }
  const parsed = config.safeParse(value);
  if (!parsed.success) return { ok: false, diagnostics: [`${path}: automations must be a list`] };
  const diagnostics: string[] = [];
  for (const [index, item] of (parsed.data.automations ?? []).entries()) {
    const base = anyAutomation.safeParse(item);
    const label = (base.success && base.data.name) || `automations[${index}]`;
    if (base.success && base.data.type === 'scheduled') {
      if (base.data.is_active === false) continue;
      const schedule = parseSchedule(label, item);
      if (schedule.ok) automations.scheduled.push(schedule.schedule);
      else diagnostics.push(`${path}: ${label}: ${schedule.problem}`);
      continue;
    }
    if (!base.success || base.data.type !== 'entity') {
      automations.ignored.push(label);
      continue;
    }
    const hook = entityHook.safeParse(item);
    if (!hook.success) {
      const issue = hook.error.issues[0];
      diagnostics.push(
        `${path}: ${label}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is not valid'}`,
      );
      continue;
    }
    if (hook.data.is_active === false) continue;
    automations.entity.push({
      name: label,
      entity: hook.data.entity_name,
      events: [...new Set(hook.data.event_types)],
      ...(hook.data.function_args ? { args: hook.data.function_args } : {}),
    });
  }
  if (automations.entity.length > MAX_ENTITY_AUTOMATIONS) {
    diagnostics.push(`${path}: at most ${MAX_ENTITY_AUTOMATIONS} entity automations per function`);
  }
  if (automations.scheduled.length > SCHEDULE_LIMITS.perFunction) {
    diagnostics.push(`${path}: at most ${SCHEDULE_LIMITS.perFunction} scheduled automations per function`);
  }
  const names = automations.scheduled.map((schedule) => schedule.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) diagnostics.push(`${path}: two scheduled automations are named "${twice}"`);
  return diagnostics.length > 0 ? { ok: false, diagnostics } : { ok: true, automations };
}
