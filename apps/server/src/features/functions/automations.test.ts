import { describe, expect, it } from 'vitest';
import { functionAutomations } from './automations.ts';

const config = (text: string) =>
  functionAutomations('hook', new Map([['functions/hook/function.jsonc', text]]));

describe('functionAutomations', () => {
  it('reads entity hooks and schedules from function.jsonc (comments, trailing commas), skips inactive ones, lists unknown types as ignored', () => {
    const result = config(`{
      // Base44's shape
      "name": "hook",
      "automations": [
        { "name": "On order", "type": "entity", "entity_name": "Order", "event_types": ["create", "update", "create"], "function_args": { "source": "hook" } },
        { "name": "Off", "type": "entity", "entity_name": "Order", "event_types": ["delete"], "is_active": false },
        { "name": "Nightly", "type": "scheduled", "schedule_mode": "recurring", "cron_expression": "0 3 * * *", "function_args": { "kind": "nightly" } },
        { "name": "Paused", "type": "scheduled", "cron_expression": "0 4 * * *", "is_active": false },
        { "name": "Agent", "type": "agent" },
      ],
    }`);
    expect(result).toEqual({
      ok: true,
      automations: {
        entity: [
          { name: 'On order', entity: 'Order', events: ['create', 'update'], args: { source: 'hook' } },
        ],
        scheduled: [{ name: 'Nightly', cron: '0 3 * * *', args: { kind: 'nightly' } }],
        ignored: ['Agent'],
      },
    });
    expect(functionAutomations('plain', new Map())).toEqual({
      ok: true,
      automations: { entity: [], scheduled: [], ignored: [] },
    });
  });

  it('names what is wrong: unreadable JSONC, a hook without event types or with a bad entity name', () => {
    expect(config('{ "automations": [ }')).toMatchObject({
      ok: false,
      diagnostics: [expect.stringMatching(/^functions\/hook\/function\.jsonc: ValueExpected at offset \d+/)],
    });
    const bad = config(
      '{ "automations": [{ "name": "A", "type": "entity", "entity_name": "Order", "event_types": [] }, { "type": "entity", "entity_name": "no such", "event_types": ["create"] }] }',
    );
    expect(bad.ok ? [] : bad.diagnostics).toEqual([
      expect.stringContaining('functions/hook/function.jsonc: A: event_types'),
      expect.stringContaining('automations[1]: entity_name must be an entity name'),
    ]);
  });
});
