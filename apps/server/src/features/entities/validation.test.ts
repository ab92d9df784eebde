import type { EntitySchema } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { validatorFactory } from './validation.ts';

/** 34 characters that V8's backtracking engine needs minutes for against `^(a+)+$` (doubling per character). */
const EVIL_INPUT = `${'a'.repeat(33)}!`;

const compile = (schema: Omit<EntitySchema, 'name'>) => validatorFactory().compile(schema as EntitySchema);

describe('record validation with builder-written patterns', () => {
  it('runs a catastrophic `pattern` in a linear-time engine: the record is refused, not the process held', () => {
    const validators = compile({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
    });
    expect(validators.create({ code: EVIL_INPUT })).toEqual({
      field: 'code',
      message: 'must match pattern "^(a+)+$"',
    });
    expect(validators.patch({ code: 'aaaa' })).toBeUndefined();
  });

  it('does the same for patternProperties and propertyNames', () => {
    const byKey = compile({
      type: 'object',
      properties: { meta: { type: 'object', patternProperties: { '^(x+)+$': { type: 'number' } } } },
    });
    expect(byKey.create({ meta: { [EVIL_INPUT.replaceAll('a', 'x')]: 'text' } })).toBeUndefined();
    expect(byKey.create({ meta: { xxx: 'text' } })).toEqual({ field: 'meta.xxx', message: 'must be number' });
    const names = compile({
      type: 'object',
      properties: { meta: { type: 'object', propertyNames: { pattern: '^(a|aa)+$' } } },
    });
    expect(names.create({ meta: { [EVIL_INPUT]: 1 } })?.field).toBe('meta');
  });

  it('refuses a pattern the linear-time engine cannot run when the schema compiles', () => {
    expect(() =>
      compile({ type: 'object', properties: { a: { type: 'string', pattern: '^(?=x)x$' } } }),
    ).toThrow(/unsupported Perl syntax/);
  });
});
