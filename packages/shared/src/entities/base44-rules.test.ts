import { describe, expect, it } from 'vitest';
import { fieldRulesOf, parseEntitySchema } from '../app-files/entity-schema.ts';
import { accessLabel, BASE44_RULES_LABEL } from './access.ts';
import { BASE44_RULE_LIMITS, base44RuleProblem, isBase44Rls, resolveRules } from './base44-rules.ts';

const parse = (rls: unknown) => parseEntitySchema(JSON.stringify({ type: 'object', properties: {}, rls }));

describe('access rules in Base44 format', () => {
  it('reads both formats and resolves every operation', () => {
    expect(resolveRules({ read: 'all' })).toEqual({
      create: { role: 'creator' },
      read: { role: 'all' },
      update: { role: 'creator' },
      delete: { role: 'creator' },
    });
    const owner = { created_by: '{{user.email}}' };
    expect(resolveRules({ create: true, read: owner, write: false })).toEqual({
      create: { base44: true },
      read: { base44: owner },
      update: { base44: false },
      delete: { base44: false },
    });
    // An operation named by neither its key nor `write` keeps Atelier's default, never "everybody".
    expect(resolveRules({ read: true })).toMatchObject({
      read: { base44: true },
      update: { role: 'creator' },
    });
    expect(isBase44Rls({ read: 'all', write: 'admin' })).toBe(false);
    expect(isBase44Rls({ delete: { user_condition: { role: 'admin' } } })).toBe(true);
  });

  it('accepts the shapes of real exports and refuses anything else with where and why', () => {
    expect(
      parse({
        create: { user_condition: { role: 'admin' } },
        read: { $or: [{ user_condition: { role: 'admin' } }, { 'data.team': '{{user.data.team}}' }] },
        update: { 'data.property_id': { $in: '{{user.property_access}}' } },
        delete: { created_by_id: '{{user.id}}', 'data.status': { $nin: ['locked', 'archived'] } },
      }).ok,
    ).toBe(true);
    const problem = (rls: unknown) => {
      const parsed = parse(rls);
      return parsed.ok ? undefined : parsed.message;
    };
    expect(problem({ read: { $where: 'x' } })).toContain('rule.$where: unknown operator');
    expect(problem({ read: { created_by: '{{usr.email}}' } })).toContain('is not a {{user.…}} placeholder');
    expect(problem({ read: { 'data.x': { $regex: 'a' } } })).toContain('unknown operator $regex');
    expect(problem({ read: { $or: [] } })).toContain('must be a non-empty list');
    expect(problem({ read: 'all', update: true })).toContain('not both');
    expect(problem({ read: 'everyone' })).toContain('rls.read');
    let deep: Record<string, unknown> = { id: 'x' };
    for (let level = 0; level < BASE44_RULE_LIMITS.depth; level += 1) deep = { $and: [deep] };
    expect(base44RuleProblem(deep)).toContain('nested more than');
    const many = {
      $or: Array.from({ length: BASE44_RULE_LIMITS.conditions + 1 }, (_, i) => ({ id: `r${i}` })),
    };
    expect(base44RuleProblem(many)).toContain(`more than ${BASE44_RULE_LIMITS.conditions} conditions`);
  });

  it('reads field-level rules of top-level fields and refuses malformed or nested ones', () => {
    const schemaWith = (properties: unknown) =>
      parseEntitySchema(JSON.stringify({ type: 'object', properties }));
    const salary = { read: { user_condition: { role: 'admin' } }, write: false };
    const parsed = schemaWith({ name: { type: 'string' }, salary: { type: 'number', rls: salary } });
    expect(parsed.ok && fieldRulesOf(parsed.schema)).toEqual({ salary });
    expect(schemaWith({ salary: { type: 'number', rls: { update: true } } })).toMatchObject({ ok: false });
    expect(schemaWith({ salary: { type: 'number', rls: { read: { $where: 'x' } } } })).toEqual({
      ok: false,
      message: expect.stringContaining('properties.salary.rls.read: rule.$where: unknown operator'),
    });
    expect(
      schemaWith({ pay: { type: 'object', properties: { salary: { type: 'number', rls: salary } } } }),
    ).toEqual({
      ok: false,
      message:
        'Invalid entity schema: properties.pay.properties.salary.rls: field rules are for top-level fields only',
    });
  });

  it('labels an entity whose rules are in Base44 format in the access popover', () => {
    expect(accessLabel(null)).toBe(BASE44_RULES_LABEL);
  });
});
