import type { EntitySchema } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { SCHEMA_PATTERN_LIMITS, validatorFactory } from './validation.ts';

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

  it('checks each value against its own pattern, in one entity and across the entities of a version', () => {
    const factory = validatorFactory();
    const first = factory.compile({
      type: 'object',
      properties: { a: { type: 'string', pattern: '^x+$' }, b: { type: 'string', pattern: '^y+$' } },
    } as EntitySchema);
    const second = factory.compile({
      type: 'object',
      properties: { c: { type: 'string', pattern: '^z+$' } },
    } as EntitySchema);
    expect(first.create({ a: 'xx', b: 'yy' })).toBeUndefined();
    expect(first.create({ a: 'xx', b: 'xx' })).toEqual({ field: 'b', message: 'must match pattern "^y+$"' });
    expect(second.create({ c: 'zz' })).toBeUndefined();
  });

  it("refuses a pattern whose compiled program is too large, alone or with the entity's other patterns", () => {
    expect(() =>
      compile({ type: 'object', properties: { a: { type: 'string', pattern: '[a-z]{1000}[a-z]{1000}!' } } }),
    ).toThrow(/is too complex/);
    const many = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [`f${i}`, { type: 'string', pattern: `[a-z]{900}${i}` }]),
    );
    expect(() => compile({ type: 'object', properties: many })).toThrow(/too complex together/);
    expect(() =>
      compile({ type: 'object', properties: { a: { type: 'string', pattern: 'a'.repeat(1001) } } }),
    ).toThrow(`longer than ${SCHEMA_PATTERN_LIMITS.length} characters`);
  });

  it('bounds the matching work of a synchronous run: a value too long for its pattern is refused, not checked for seconds', async () => {
    const validators = compile({
      type: 'object',
      properties: { t: { type: 'string', pattern: '[a-z]{900}!' } },
    });
    expect(validators.create({ t: `${'a'.repeat(100_000)}!` })).toEqual({
      field: '',
      message:
        'A value is too long to check against the pattern "[a-z]{900}!": shorten the value, or send fewer records at once',
    });
    await Promise.resolve();
    expect(validators.create({ t: `${'a'.repeat(1_000)}!` })).toBeUndefined();
    // Records checked in one run (a bulk create) share the budget.
    const bulk = Array.from({ length: 10 }, () => validators.create({ t: `${'a'.repeat(1_000)}!` }));
    expect(bulk.filter((problem) => problem !== undefined).length).toBeGreaterThan(0);
    await Promise.resolve();
    expect(validators.patch({ t: `${'a'.repeat(1_000)}!` })).toBeUndefined();
  });
});
