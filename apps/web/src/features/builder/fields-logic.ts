import {
  type CustomField,
  FIELD_MESSAGES,
  fieldNameFrom,
  generateStepId,
  type InputStep,
  isFieldTagUsed,
  moveItem,
  newFieldNameProblem,
  OPTION_FIELD_TYPES,
  optionLabelProblem,
} from '@atelier/shared';

/** The Custom fields panel's state (spec 2 §2): the fields, the steps and the multi-step switch. */
export interface FieldsState {
  fields: CustomField[];
  steps: InputStep[];
  isMultiStep: boolean;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

const readSteps = (value: unknown): InputStep[] =>
  Array.isArray(value)
    ? value
        .filter((s): s is { id?: unknown; title?: unknown } => !!s && typeof s === 'object')
        .map((s) => ({
          id: typeof s.id === 'string' ? s.id : '',
          title: typeof s.title === 'string' ? s.title : '',
        }))
        .filter((s) => s.id !== '')
    : [];

/** The panel's state from the app's builder content (malformed entries are left out). */
export function fieldsStateOf(builder: Record<string, unknown>): FieldsState {
  const fields = Array.isArray(builder.fields)
    ? (builder.fields as CustomField[]).filter(
        (f) => f && typeof f.name === 'string' && typeof f.type === 'string',
      )
    : [];
  return { fields, steps: readSteps(builder.inputSteps), isMultiStep: builder.isMultiStepInput === true };
}

/** Adds a text field named from what was typed (in the last step when multi-step). */
export function addField(state: FieldsState, typed: string): Outcome<FieldsState> {
  const label = typed.trim();
  const name = fieldNameFrom(label);
  const problem = newFieldNameProblem(state.fields, label === '' ? '' : name || label);
  if (problem) return { ok: false, error: problem };
  const field: CustomField = { name, label, type: 'text', required: false };
  const lastStep = state.steps.at(-1);
  if (state.isMultiStep && lastStep) field.stepId = lastStep.id;
  return { ok: true, value: { ...state, fields: [...state.fields, field] } };
}

/** Adds a field made by magic create (the server checked its name; checked again against this list). */
export function addMagicField(state: FieldsState, field: CustomField): Outcome<FieldsState> {
  const problem = newFieldNameProblem(state.fields, field.name, { magic: true });
  if (problem) return { ok: false, error: problem };
  const lastStep = state.steps.at(-1);
  const placed = state.isMultiStep && lastStep ? { ...field, stepId: lastStep.id } : field;
  return { ok: true, value: { ...state, fields: [...state.fields, placed] } };
}

/** Deletes a field, refused while its tag is in the app instructions (spec 1 §5). */
export function deleteField(
  state: FieldsState,
  name: string,
  instructions: string | null,
): Outcome<FieldsState> {
  if (isFieldTagUsed(instructions, name)) return { ok: false, error: FIELD_MESSAGES.tagInInstructions };
  return { ok: true, value: { ...state, fields: state.fields.filter((f) => f.name !== name) } };
}

/** Replaces one field (by its name); options are dropped when the new type has none. */
export function updateField(state: FieldsState, name: string, patch: Partial<CustomField>): FieldsState {
  return {
    ...state,
    fields: state.fields.map((field) => {
      if (field.name !== name) return field;
      const next = { ...field, ...patch };
      if (!OPTION_FIELD_TYPES.has(next.type)) delete next.options;
      else next.options ??= [];
      return next;
    }),
  };
}

/**
 * Moves the field `from` onto the place of the field `to` (drag and drop, or up/down by one). In
 * multi-step mode a field dropped on a field of another step joins that step.
 */
export function moveField(state: FieldsState, from: string, to: string): FieldsState {
  const fromIndex = state.fields.findIndex((f) => f.name === from);
  const toIndex = state.fields.findIndex((f) => f.name === to);
  if (fromIndex < 0 || toIndex < 0 || fromIndex === toIndex) return state;
  const target = state.fields[toIndex]!;
  const moved = moveItem(state.fields, fromIndex, toIndex).map((f) =>
    f.name === from && state.isMultiStep ? { ...f, stepId: target.stepId ?? null } : f,
  );
  return { ...state, fields: moved };
}

/** The neighbour a field swaps with to move up (-1) or down (+1) within its step; undefined at an end. */
export function neighbourOf(state: FieldsState, name: string, direction: -1 | 1): string | undefined {
  const field = state.fields.find((f) => f.name === name);
  if (!field) return undefined;
  const sameGroup = state.isMultiStep
    ? state.fields.filter((f) => stepOfField(state, f) === stepOfField(state, field))
    : state.fields;
  const index = sameGroup.findIndex((f) => f.name === name);
  return sameGroup[index + direction]?.name;
}

/** The step a field shows in: its own when it exists, else the first. */
export function stepOfField(state: FieldsState, field: CustomField): string | undefined {
  return field.stepId && state.steps.some((s) => s.id === field.stepId) ? field.stepId : state.steps[0]?.id;
}

/** Turns multi-step on (a first step holding every field when there are none) or off. */
export function setMultiStep(state: FieldsState, on: boolean, random?: () => number): FieldsState {
  if (!on) return { ...state, isMultiStep: false };
  if (state.steps.length > 0) return { ...state, isMultiStep: true };
  const step = { id: generateStepId([], random), title: 'Step 1' };
  return {
    isMultiStep: true,
    steps: [step],
    fields: state.fields.map((f) => ({ ...f, stepId: step.id })),
  };
}

export function addStep(state: FieldsState, random?: () => number): FieldsState {
  const id = generateStepId(
    state.steps.map((s) => s.id),
    random,
  );
  return { ...state, steps: [...state.steps, { id, title: `Step ${state.steps.length + 1}` }] };
}

export function renameStep(state: FieldsState, id: string, title: string): FieldsState {
  return { ...state, steps: state.steps.map((s) => (s.id === id ? { ...s, title } : s)) };
}

/** Removes a step; its fields move to the first remaining step. The last step cannot be removed. */
export function removeStep(state: FieldsState, id: string): FieldsState {
  if (state.steps.length <= 1) return state;
  const steps = state.steps.filter((s) => s.id !== id);
  const first = steps[0]!.id;
  return {
    ...state,
    steps,
    fields: state.fields.map((f) => (f.stepId === id ? { ...f, stepId: first } : f)),
  };
}

/** Adds an option to a field's list, or says why not ('Option is empty', 'Option already exists'). */
export function addOption(field: CustomField, label: string): Outcome<CustomField> {
  const options = field.options ?? [];
  const problem = optionLabelProblem(options, label);
  if (problem) return { ok: false, error: problem };
  return { ok: true, value: { ...field, options: [...options, { label: label.trim() }] } };
}

/** Renames option `index`, keeping its icon and id. */
export function renameOption(field: CustomField, index: number, label: string): Outcome<CustomField> {
  const options = field.options ?? [];
  const problem = optionLabelProblem(options, label, index);
  if (problem) return { ok: false, error: problem };
  return {
    ok: true,
    value: { ...field, options: options.map((o, i) => (i === index ? { ...o, label: label.trim() } : o)) },
  };
}
