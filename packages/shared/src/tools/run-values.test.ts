import { describe, expect, it } from 'vitest';
import type { PublicToolField } from '../contracts/tools.ts';
import { toolRunProblem } from './run-values.ts';

const field = (name: string, extra: Partial<PublicToolField> = {}) =>
  ({
    name,
    label: name[0]!.toUpperCase() + name.slice(1),
    type: 'text',
    required: false,
    ...extra,
  }) as PublicToolField;

describe('toolRunProblem (issue 23 #26: said before the run is sent)', () => {
  it('names the field and the message the server would answer', () => {
    expect(toolRunProblem([field('city', { required: true })], { city: ' ' }, 'hi')).toEqual({
      field: 'city',
      message: 'City is required',
    });
    expect(toolRunProblem([field('budget', { type: 'number' })], { budget: 'lots' }, 'hi')).toEqual({
      field: 'budget',
      message: 'Budget should be a number',
    });
    expect(toolRunProblem([field('day', { type: 'date' })], { day: '2026-02-30' }, undefined)?.message).toBe(
      'Day should be a date (YYYY-MM-DD)',
    );
  });

  it('asks for something when nothing at all is given; any one value is enough', () => {
    expect(toolRunProblem([field('city')], {}, '  ')).toEqual({
      field: 'input',
      message: 'Please fill in the input before running the tool',
    });
    expect(toolRunProblem([field('city')], { city: 'Lisbon' }, undefined)).toBeNull();
    expect(toolRunProblem([], {}, 'We love museums')).toBeNull();
  });
});
