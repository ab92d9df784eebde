import { FIELD_MESSAGES, MAX_CUSTOM_FIELDS } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  addField,
  addMagicField,
  addOption,
  addStep,
  deleteField,
  type FieldsState,
  fieldsStateOf,
  moveField,
  neighbourOf,
  removeStep,
  renameOption,
  setMultiStep,
  updateField,
} from './fields-logic.ts';

const empty: FieldsState = { fields: [], steps: [], isMultiStep: false };
const must = <T>(outcome: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
};

describe('Custom fields panel logic', () => {
  it('adds fields by name, refusing duplicates, the reserved name and the maximum', () => {
    const one = must(addField(empty, 'Travel style'));
    expect(one.fields).toEqual([
      { name: 'travel_style', label: 'Travel style', type: 'text', required: false },
    ]);
    expect(addField(one, 'travel STYLE')).toEqual({ ok: false, error: 'Field already exists' });
    expect(addField(one, 'Input')).toEqual({ ok: false, error: FIELD_MESSAGES.reservedName });
    expect(addField(one, '  ')).toEqual({ ok: false, error: FIELD_MESSAGES.nameEmpty });
    let full = empty;
    for (let i = 0; i < MAX_CUSTOM_FIELDS; i++) full = must(addField(full, `f ${i}`));
    expect(addField(full, 'one more')).toEqual({ ok: false, error: FIELD_MESSAGES.maxFields() });
  });

  it('puts new and magic fields in the last step when multi-step; magic duplicates use the magic wording', () => {
    let state = setMultiStep(must(addField(empty, 'a')), true, () => 0);
    expect(state.steps).toEqual([{ id: 'aaaa', title: 'Step 1' }]);
    expect(state.fields[0]!.stepId).toBe('aaaa');
    state = addStep(state, () => 0.5);
    state = must(addField(state, 'b'));
    expect(state.fields[1]!.stepId).toBe(state.steps[1]!.id);
    expect(addMagicField(state, { name: 'b', type: 'text' })).toEqual({
      ok: false,
      error: FIELD_MESSAGES.fieldExistsTryAnother,
    });
    expect(must(addMagicField(state, { name: 'c', type: 'email' })).fields[2]).toEqual({
      name: 'c',
      type: 'email',
      stepId: state.steps[1]!.id,
    });
  });

  it('refuses to delete a field whose tag is in the instructions', () => {
    const state = must(addField(must(addField(empty, 'city')), 'days'));
    expect(deleteField(state, 'city', 'Plan {city}')).toEqual({
      ok: false,
      error: FIELD_MESSAGES.tagInInstructions,
    });
    expect(must(deleteField(state, 'days', 'Plan {city}')).fields.map((f) => f.name)).toEqual(['city']);
  });

  it('reorders by drag (joining the target step) and by up/down within a step', () => {
    let state = must(addField(must(addField(must(addField(empty, 'a')), 'b')), 'c'));
    expect(moveField(state, 'c', 'a').fields.map((f) => f.name)).toEqual(['c', 'a', 'b']);
    state = addStep(setMultiStep(state, true), () => 0.9);
    state = updateField(state, 'c', { stepId: state.steps[1]!.id });
    expect(neighbourOf(state, 'b', 1)).toBeUndefined();
    expect(neighbourOf(state, 'b', -1)).toBe('a');
    const dropped = moveField(state, 'a', 'c');
    expect(dropped.fields.map((f) => f.name)).toEqual(['b', 'c', 'a']);
    expect(dropped.fields[2]!.stepId).toBe(state.steps[1]!.id);
  });

  it('removes a step, moving its fields to the first step; the last step stays', () => {
    let state = addStep(
      setMultiStep(must(addField(empty, 'a')), true, () => 0),
      () => 0.5,
    );
    state = updateField(state, 'a', { stepId: state.steps[1]!.id });
    const removed = removeStep(state, state.steps[1]!.id);
    expect(removed.steps).toHaveLength(1);
    expect(removed.fields[0]!.stepId).toBe(state.steps[0]!.id);
    expect(removeStep(removed, removed.steps[0]!.id)).toBe(removed);
  });

  it('edits options: empty and duplicate refused, rename keeps the icon, a type without options drops them', () => {
    let field = updateField(must(addField(empty, 'colour')), 'colour', { type: 'select' }).fields[0]!;
    expect(field.options).toEqual([]);
    field = must(addOption(field, 'Red'));
    expect(addOption(field, '')).toEqual({ ok: false, error: 'Option is empty' });
    expect(addOption(field, 'red')).toEqual({ ok: false, error: 'Option already exists' });
    field = { ...field, options: [{ label: 'Red', iconUrl: '/api/uploads/r.png' }, { label: 'Blue' }] };
    expect(must(renameOption(field, 0, 'Crimson')).options![0]).toEqual({
      label: 'Crimson',
      iconUrl: '/api/uploads/r.png',
    });
    expect(renameOption(field, 0, 'BLUE')).toEqual({ ok: false, error: 'Option already exists' });
    const state = updateField({ ...empty, fields: [field] }, 'colour', { type: 'text' });
    expect(state.fields[0]!.options).toBeUndefined();
  });

  it('reads the state from the builder content, leaving out malformed entries', () => {
    expect(
      fieldsStateOf({
        fields: [{ name: 'a', type: 'text' }, { nope: 1 }],
        inputSteps: [{ id: 'ab12', title: 'One' }, { title: 'no id' }],
        isMultiStepInput: true,
      }),
    ).toEqual({
      fields: [{ name: 'a', type: 'text' }],
      steps: [{ id: 'ab12', title: 'One' }],
      isMultiStep: true,
    });
  });
});
