import { describe, expect, it } from 'vitest';
import { customFieldSchema, inputStepSchema } from '../contracts/builder.ts';
import {
  FIELD_MESSAGES,
  fieldListProblem,
  fieldNameFrom,
  fieldsByStep,
  fieldTag,
  generateStepId,
  isFieldTagUsed,
  MAX_CUSTOM_FIELDS,
  moveItem,
  newFieldNameProblem,
  newPhotoFieldNames,
  optionLabelProblem,
  removedFieldNames,
  withStepIds,
} from './fields.ts';

const field = (name: string, type = 'text', extra: object = {}) => ({ name, label: name, type, ...extra });

describe('custom field rules (spec 2 §5)', () => {
  it('refuses an empty option and a duplicate ignoring case, but keeps the option being edited', () => {
    const options = [{ label: 'Red' }, { label: 'Blue' }];
    expect(optionLabelProblem(options, '  ')).toBe('Option is empty');
    expect(optionLabelProblem(options, 'blue')).toBe('Option already exists');
    expect(optionLabelProblem(options, 'BLUE', 1)).toBeNull();
    expect(optionLabelProblem(options, 'Green')).toBeNull();
    expect(optionLabelProblem(options, 'x'.repeat(101))).toBe(FIELD_MESSAGES.optionTooLong);
  });

  it('refuses a duplicate name (plain and magic wording), the reserved name and the 21st field', () => {
    const fields = [field('age')];
    expect(newFieldNameProblem(fields, 'Age')).toBe('Field already exists');
    expect(newFieldNameProblem(fields, 'age', { magic: true })).toBe(
      'Field already exists, try another name',
    );
    expect(newFieldNameProblem(fields, 'input')).toBe('Input is a reserved field name, try another name');
    expect(newFieldNameProblem(fields, '', { magic: true })).toBe(
      'Magic edit failed, try again using a different field name',
    );
    expect(newFieldNameProblem(fields, 'city')).toBeNull();
    const full = Array.from({ length: MAX_CUSTOM_FIELDS }, (_, i) => field(`f${i}`));
    expect(newFieldNameProblem(full, 'city')).toBe(
      `There can be a maximum of ${MAX_CUSTOM_FIELDS} custom fields, contact us if you need more fields`,
    );
  });

  it('checks a saved list: reserved name, duplicate names, option problems', () => {
    expect(fieldListProblem([field('a'), field('b')])).toBeNull();
    expect(fieldListProblem([field('Input')])?.message).toBe(FIELD_MESSAGES.reservedName);
    expect(fieldListProblem([field('a'), field('A')])).toEqual({
      message: 'Field already exists',
      field: 'A',
    });
    expect(fieldListProblem([field('c', 'select', { options: [{ label: 'x' }, { label: 'X' }] })])).toEqual({
      message: 'Option already exists',
      field: 'c',
    });
    expect(fieldListProblem([field('c', 'select', { options: [{ label: '' }] })])?.message).toBe(
      'Option is empty',
    );
  });

  it('names a field from what was typed and writes its tag', () => {
    expect(fieldNameFrom('  Target Audience! ')).toBe('target_audience');
    expect(fieldNameFrom('Café crème')).toBe('cafe_creme');
    expect(fieldNameFrom('a'.repeat(60))).toHaveLength(40);
    expect(fieldTag('age')).toBe('{age}');
    expect(isFieldTagUsed('Write for a {age} year old', 'age')).toBe(true);
    expect(isFieldTagUsed('Write for an age', 'age')).toBe(false);
    expect(isFieldTagUsed(null, 'age')).toBe(false);
  });

  it('finds removed fields and new photo fields', () => {
    expect(removedFieldNames([field('a'), field('b')], [field('b')])).toEqual(['a']);
    expect(newPhotoFieldNames([field('p', 'photo')], [field('p', 'photo'), field('q', 'photo')])).toEqual([
      'q',
    ]);
  });

  it('moves an item and clamps the target', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a'], 5, 0)).toEqual(['a']);
  });
});

describe('input steps', () => {
  it('generates 4-character ids that avoid taken ones', () => {
    const values = [0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5];
    let i = 0;
    const random = () => values[i++ % values.length]!;
    expect(generateStepId(['aaaa'], random)).toBe('ssss');
    expect(generateStepId()).toMatch(/^[a-z0-9]{4}$/);
  });

  it('fills missing and duplicate ids and groups fields by step (unknown step goes first)', () => {
    const steps = withStepIds([
      { id: 'ab12', title: 'One' },
      { title: 'Two' },
      { id: 'ab12', title: 'Three' },
    ]);
    expect(steps[0]!.id).toBe('ab12');
    expect(steps[1]!.id).toMatch(/^[a-z0-9]{4}$/);
    expect(new Set(steps.map((s) => s.id)).size).toBe(3);
    const groups = fieldsByStep(
      [field('a', 'text', { stepId: steps[1]!.id }), field('b', 'text', { stepId: 'gone' }), field('c')],
      steps,
    );
    expect(groups.get('ab12')!.map((f) => f.name)).toEqual(['b', 'c']);
    expect(groups.get(steps[1]!.id)!.map((f) => f.name)).toEqual(['a']);
  });
});

describe('field contract', () => {
  it('keeps the old shape valid and takes the spec 1 §3 keys', () => {
    expect(customFieldSchema.parse({ name: 'grade', type: 'select', options: [{ label: 'A' }] })).toEqual({
      name: 'grade',
      type: 'select',
      options: [{ label: 'A' }],
    });
    const full = {
      name: 'photo',
      label: 'Your photo',
      type: 'photo',
      required: true,
      personal: true,
      memorize: false,
      stepId: 'ab12',
      instructions: 'A clear face photo',
      filterCondition: 'include',
      toolId: null,
    };
    expect(customFieldSchema.parse(full)).toEqual(full);
    expect(customFieldSchema.safeParse({ name: 'x', type: 'video' }).success).toBe(false);
    expect(inputStepSchema.parse({ title: 'Step' })).toEqual({ title: 'Step' });
  });
});
