import type { PublicToolField } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { fillPrompt, redactPersonal, validateValues } from './tool-runs.service.ts';

const field = (name: string, extra: Partial<PublicToolField> = {}): PublicToolField => ({
  name,
  label: name[0]!.toUpperCase() + name.slice(1),
  type: 'text',
  required: false,
  personal: false,
  memorize: false,
  stepId: null,
  placeholder: null,
  instructions: null,
  options: [],
  ...extra,
});

const view = (fields: PublicToolField[]) => ({
  fields,
  texts: {
    inputLabel: 'Notes',
    inputPlaceholder: null,
    isInputHidden: false,
    isInputCollapsed: false,
    welcomeMessage: null,
    examples: [],
  },
});

describe('fillPrompt', () => {
  it('fills {{name}} and {name} tags and lists the inputs after the prompt', () => {
    const text = fillPrompt(
      'Trip to {{city}} in {month}; extra: {{input}}. Keep {unknown}.',
      view([field('city'), field('month')]),
      'quiet',
      {
        city: 'Lisbon',
        month: 'May',
      },
    );
    expect(text).toBe(
      'Trip to Lisbon in May; extra: quiet. Keep {unknown}.\n\nInputs:\n- Notes: quiet\n- City: Lisbon\n- Month: May',
    );
  });
  it('joins multiselect answers and skips empty ones', () => {
    const text = fillPrompt('', view([field('tags', { type: 'multiselect' }), field('empty')]), undefined, {
      tags: ['art', 'food'],
      empty: '  ',
    });
    expect(text).toBe('Inputs:\n- Tags: art, food');
  });
});

describe('redactPersonal', () => {
  it('replaces the values of personal fields only', () => {
    const fields = [field('email', { personal: true }), field('city')];
    expect(
      redactPersonal('Sent to ada@example.com about Lisbon', fields, {
        email: 'ada@example.com',
        city: 'Lisbon',
      }),
    ).toBe('Sent to [personal] about Lisbon');
  });
});

describe('validateValues', () => {
  it('names the empty required field and the bad e-mail', () => {
    expect(() => validateValues([field('city', { required: true })], { city: ' ' })).toThrow(
      'City is required',
    );
    expect(() => validateValues([field('email', { type: 'email' })], { email: 'x@' })).toThrow(
      'Email should be a valid email',
    );
    expect(() => validateValues([field('email', { type: 'email' })], { email: 'a@b.co' })).not.toThrow();
  });

  it('checks Number and Date fields', () => {
    const budget = field('budget', { type: 'number' });
    expect(() => validateValues([budget], { budget: 'lots' })).toThrow('Budget should be a number');
    expect(() => validateValues([budget], { budget: '12.5' })).not.toThrow();
    expect(() => validateValues([budget], { budget: 3 })).not.toThrow();
    const start = field('start', { type: 'date' });
    expect(() => validateValues([start], { start: '2026-02-30' })).toThrow(
      'Start should be a date (YYYY-MM-DD)',
    );
    expect(() => validateValues([start], { start: 'tomorrow' })).toThrow(
      'Start should be a date (YYYY-MM-DD)',
    );
    expect(() => validateValues([start], { start: '2026-02-28' })).not.toThrow();
  });
});
