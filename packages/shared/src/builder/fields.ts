/**
 * Custom input fields of a tool (spec 1 §3 "Input field of a tool", spec 2 §2 "Custom fields panel",
 * §5, §9): the types, the shared limits, the spec's messages and the pure rules that the builder
 * panel, the magic create call and the server's save check all use.
 */

export const FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'date',
  'select',
  'multiselect',
  'email',
  'place',
  'photo',
  'height',
  'weight',
  'tool_item_select',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Field types whose value is picked from an option list (each option may carry an icon). */
export const OPTION_FIELD_TYPES: ReadonlySet<FieldType> = new Set([
  'select',
  'multiselect',
  'tool_item_select',
]);

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  select: 'Single select',
  multiselect: 'Multi select',
  email: 'Email',
  place: 'Place',
  photo: 'Photo',
  height: 'Height',
  weight: 'Weight',
  tool_item_select: 'Tool item select',
};

export const FILTER_CONDITIONS = ['none', 'include', 'exclude'] as const;
export type FilterCondition = (typeof FILTER_CONDITIONS)[number];

/** Shared limits whose values the spec does not show (spec 2 §9): chosen here, used everywhere. */
export const MAX_CUSTOM_FIELDS = 20;
export const MAX_FIELD_NAME_LENGTH = 40;
export const MAX_FIELD_LABEL_LENGTH = 200;
export const MAX_OPTION_LABEL_LENGTH = 100;
export const MAX_FIELD_OPTIONS = 100;
export const MAX_FIELD_INSTRUCTIONS_LENGTH = 2000;
/** Spec 2 §9: the reserved field name (the main input's tag). */
export const RESERVED_FIELD_NAME = 'input';
/** Spec 2 §9: generated step id length. */
export const INPUT_STEP_ID_LENGTH = 4;
/** Spec 2 §9: an option being edited closes 500 ms after it loses focus. */
export const OPTION_EDIT_BLUR_CLOSE_MS = 500;

export const FIELD_MESSAGES = {
  optionEmpty: 'Option is empty',
  optionExists: 'Option already exists',
  optionTooLong: `Option must be at most ${MAX_OPTION_LABEL_LENGTH} characters`,
  fieldExists: 'Field already exists',
  fieldExistsTryAnother: 'Field already exists, try another name',
  reservedName: 'Input is a reserved field name, try another name',
  magicNameMissing: 'Magic edit failed, try again using a different field name',
  magicEditFailed: 'Magic edit failed',
  createFailed: 'Failed creating the field',
  nameEmpty: 'Field name is empty',
  nameTooLong: `Field name must be at most ${MAX_FIELD_NAME_LENGTH} characters`,
  maxFields: (max: number = MAX_CUSTOM_FIELDS) =>
    `There can be a maximum of ${max} custom fields, contact us if you need more fields`,
  /** Spec 1 §5: before deleting a field, its tag must be removed from the app instructions. */
  tagInInstructions: 'Before deleting a field, its tag must be removed from the app instructions',
} as const;

export interface FieldOptionLike {
  label: string;
  iconUrl?: string | null | undefined;
  id?: string | undefined;
}

export interface FieldLike {
  name: string;
  label?: string | undefined;
  type: string;
  stepId?: string | null | undefined;
  options?: readonly FieldOptionLike[] | undefined;
}

/** The tag of a field in the app instructions (prompt), e.g. `{age}`; the main input is `{input}`. */
export const fieldTag = (name: string) => `{${name}}`;

/** Whether the instructions use the field's tag (then the field cannot be deleted). */
export function isFieldTagUsed(instructions: string | null | undefined, name: string): boolean {
  return typeof instructions === 'string' && instructions.includes(fieldTag(name));
}

/** A field name from what the builder typed: lower case, letters/digits/underscores, at most the max length. */
export function fieldNameFrom(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_FIELD_NAME_LENGTH)
    .replace(/_+$/g, '');
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Why a new field name cannot be added (null when it can): empty, too long, reserved, duplicate,
 * or the field count is at its maximum. `magic` picks the magic create wording of the duplicate.
 */
export function newFieldNameProblem(
  fields: readonly FieldLike[],
  name: string,
  options: { magic?: boolean } = {},
): string | null {
  if (fields.length >= MAX_CUSTOM_FIELDS) return FIELD_MESSAGES.maxFields();
  if (name.trim() === '') return options.magic ? FIELD_MESSAGES.magicNameMissing : FIELD_MESSAGES.nameEmpty;
  if (sameName(name, RESERVED_FIELD_NAME)) return FIELD_MESSAGES.reservedName;
  if (name.length > MAX_FIELD_NAME_LENGTH) return FIELD_MESSAGES.nameTooLong;
  if (fields.some((field) => sameName(field.name, name)))
    return options.magic ? FIELD_MESSAGES.fieldExistsTryAnother : FIELD_MESSAGES.fieldExists;
  return null;
}

/** Why an option label cannot be kept (null when it can); `exceptIndex` is the option being edited. */
export function optionLabelProblem(
  options: readonly FieldOptionLike[],
  label: string,
  exceptIndex = -1,
): string | null {
  if (label.trim() === '') return FIELD_MESSAGES.optionEmpty;
  if (label.length > MAX_OPTION_LABEL_LENGTH) return FIELD_MESSAGES.optionTooLong;
  const taken = options.some((option, index) => index !== exceptIndex && sameName(option.label, label));
  return taken ? FIELD_MESSAGES.optionExists : null;
}

/** The first problem of a whole field list as saved (null when it is fine): the server's check. */
export function fieldListProblem(fields: readonly FieldLike[]): { message: string; field?: string } | null {
  if (fields.length > MAX_CUSTOM_FIELDS) return { message: FIELD_MESSAGES.maxFields() };
  const seen: FieldLike[] = [];
  for (const field of fields) {
    if (sameName(field.name, RESERVED_FIELD_NAME))
      return { message: FIELD_MESSAGES.reservedName, field: field.name };
    if (seen.some((other) => sameName(other.name, field.name)))
      return { message: FIELD_MESSAGES.fieldExists, field: field.name };
    seen.push(field);
    const options = field.options ?? [];
    for (let index = 0; index < options.length; index++) {
      const problem = optionLabelProblem(options.slice(0, index), options[index]!.label);
      if (problem) return { message: problem, field: field.name };
    }
  }
  return null;
}

/** Names of the fields in `before` that `after` no longer has. */
export function removedFieldNames(before: readonly FieldLike[], after: readonly FieldLike[]): string[] {
  const kept = new Set(after.map((field) => field.name));
  return before.map((field) => field.name).filter((name) => !kept.has(name));
}

/** Moves the item at `from` to `to` (both clamped); a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A 4-character step id (spec 2 §3, §9) not in `taken`. `random` returns [0, 1). */
export function generateStepId(taken: Iterable<string> = [], random: () => number = Math.random): string {
  const used = new Set(taken);
  for (;;) {
    let id = '';
    for (let i = 0; i < INPUT_STEP_ID_LENGTH; i++)
      id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)];
    if (!used.has(id)) return id;
  }
}

/** Input steps with an id on each: a missing or duplicate id gets a generated one. */
export function withStepIds<T extends { id?: string | null | undefined; title: string }>(
  steps: readonly T[],
  random: () => number = Math.random,
): (T & { id: string })[] {
  const taken = new Set<string>();
  return steps.map((step) => {
    const id = step.id && !taken.has(step.id) ? step.id : generateStepId(taken, random);
    taken.add(id);
    return { ...step, id };
  });
}

/** The fields of each step in order; fields without a known step go to the first step. */
export function fieldsByStep<F extends FieldLike>(
  fields: readonly F[],
  steps: readonly { id: string }[],
): Map<string, F[]> {
  const groups = new Map<string, F[]>(steps.map((step) => [step.id, []]));
  const first = steps[0]?.id;
  for (const field of fields) {
    const key = field.stepId && groups.has(field.stepId) ? field.stepId : first;
    if (key !== undefined) groups.get(key)!.push(field);
  }
  return groups;
}

/** Photo fields are not offered on lite (spec 1 §6): the names of photo fields that are new in `after`. */
export function newPhotoFieldNames(before: readonly FieldLike[], after: readonly FieldLike[]): string[] {
  const existing = new Set(before.filter((f) => f.type === 'photo').map((f) => f.name));
  return after.filter((f) => f.type === 'photo' && !existing.has(f.name)).map((f) => f.name);
}
