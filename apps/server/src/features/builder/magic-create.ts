import {
  APP_MESSAGES,
  type CustomField,
  FIELD_MESSAGES,
  FIELD_TYPES,
  type FieldType,
  fieldNameFrom,
  MAX_FIELD_LABEL_LENGTH,
  MAX_FIELD_OPTIONS,
  MAX_OPTION_LABEL_LENGTH,
  type MagicCreateRequest,
  type MagicCreateResponse,
  newFieldNameProblem,
  OPTION_FIELD_TYPES,
} from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { apps, users } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type Llm, LlmCallError } from '../../platform/llm/index.ts';
import { appOpenableBy } from '../apps/apps.repo.ts';
import { createPlanReader } from '../plans/enforce.ts';
import { storedFields } from './fields.service.ts';

/**
 * Magic create of a custom field (spec 2 §2, §5, §7 `POST /api/builder/magicCreate`): the model
 * turns what the builder typed (and the app's prompt) into a field definition. Without a model
 * provider the offline assistant's rule set does it (a type guessed from the words), so the
 * button works offline too. Refusals carry the spec's messages.
 */
const answerSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  options: z.array(z.string()).optional(),
  instructions: z.string().optional(),
});
type Answer = z.infer<typeof answerSchema>;

const SYSTEM = [
  'You design one input field of an AI tool form from a short description typed by the tool builder.',
  `Answer JSON: {"name","label","type","options"?,"instructions"?}. type is one of: ${FIELD_TYPES.join(', ')}.`,
  'name: a short snake_case identifier (letters, digits, underscores). label: the question shown to the user.',
  'options: only for select and multiselect, 2 to 8 short labels. Never use the name "input".',
].join('\n');

const KEYWORD_TYPES: readonly [RegExp, FieldType][] = [
  [/e-?mail/i, 'email'],
  [/photo|picture|image|selfie|portrait/i, 'photo'],
  [/height|how tall/i, 'height'],
  [/weight/i, 'weight'],
  [/city|country|location|place|address|where/i, 'place'],
  [/description|details|story|notes|bio|essay|message|text of/i, 'long_text'],
];

/** The offline assistant's answer: the typed text as label and name, the type guessed from its words. */
export function offlineFieldAnswer(input: string): Answer {
  const label = input.trim();
  const options = /\(([^)]+)\)|:\s*(.+,.+)$/.exec(label);
  const listed = (options?.[1] ?? options?.[2])
    ?.split(/,|\/|\bor\b/)
    .map((o) => o.trim())
    .filter(Boolean);
  const cleanLabel = options ? label.slice(0, options.index).trim() : label;
  if (listed && listed.length >= 2)
    return { name: fieldNameFrom(cleanLabel), label: cleanLabel, type: 'select', options: listed };
  const type = KEYWORD_TYPES.find(([pattern]) => pattern.test(label))?.[1] ?? 'text';
  return { name: fieldNameFrom(label), label, type };
}

const isFieldType = (value: string): value is FieldType => (FIELD_TYPES as readonly string[]).includes(value);

export async function magicCreateField(
  db: Db,
  llm: Llm,
  userId: string,
  request: MagicCreateRequest,
): Promise<MagicCreateResponse> {
  let existing: ReturnType<typeof storedFields> = [];
  let prompt = request.prompt ?? '';
  let planHolder = userId;
  if (request.appId) {
    const [app] = await db
      .select({ builder: apps.builder, gptPrompt: apps.gptPrompt, ownerId: apps.ownerId })
      .from(apps)
      .where(and(eq(apps.id, request.appId), appOpenableBy(userId)))
      .limit(1);
    if (!app) throw notFound(APP_MESSAGES.appNotFound);
    existing = storedFields(app.builder);
    planHolder = app.ownerId;
    if (!prompt) prompt = app.gptPrompt ?? '';
  }

  let answer: Answer;
  const resolved = await llm.resolveModel(null);
  if (resolved.offline) {
    answer = offlineFieldAnswer(request.input);
  } else {
    try {
      const generated = await llm.generateObject({
        purpose: 'magic_create',
        appId: request.appId ?? null,
        userId,
        temperature: 0,
        maxOutputTokens: 800,
        system: SYSTEM,
        prompt: [`Field: ${request.input}`, prompt ? `The tool's instructions: ${prompt.slice(0, 4000)}` : '']
          .filter(Boolean)
          .join('\n'),
        schema: answerSchema,
      });
      answer = generated.object;
    } catch (error) {
      if (error instanceof LlmCallError)
        throw new AppError('service_unavailable', FIELD_MESSAGES.magicEditFailed);
      throw error;
    }
  }

  const name = fieldNameFrom(answer.name);
  const problem = newFieldNameProblem(existing, name, { magic: true });
  if (problem) throw new AppError('validation_error', problem, { name });

  let type: FieldType = isFieldType(answer.type) ? answer.type : 'text';
  if (type === 'photo' && !(await mayAddPhoto(db, userId, planHolder))) type = 'text';
  const field: CustomField = {
    name,
    label: (answer.label.trim() || request.input.trim()).slice(0, MAX_FIELD_LABEL_LENGTH),
    type,
    required: false,
  };
  if (answer.instructions?.trim()) field.instructions = answer.instructions.trim().slice(0, 2000);
  if (OPTION_FIELD_TYPES.has(type)) field.options = uniqueOptions(answer.options ?? []);
  return { result: { name, field } };
}

/** Photo fields are not offered on lite (spec 1 §6): the app owner's plan decides; admins may. */
async function mayAddPhoto(db: Db, userId: string, planHolder: string): Promise<boolean> {
  const [user] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  if (user?.isAdmin) return true;
  return (await createPlanReader(db).planOf(planHolder)) !== 'lite';
}

function uniqueOptions(labels: readonly string[]): { label: string }[] {
  const seen = new Set<string>();
  const options: { label: string }[] = [];
  for (const raw of labels) {
    const label = raw.trim().slice(0, MAX_OPTION_LABEL_LENGTH);
    if (!label || seen.has(label.toLowerCase())) continue;
    seen.add(label.toLowerCase());
    options.push({ label });
    if (options.length >= MAX_FIELD_OPTIONS) break;
  }
  return options;
}
