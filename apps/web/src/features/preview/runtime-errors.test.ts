import { describe, expect, it } from 'vitest';
import {
  addRuntimeError,
  errorReportMessage,
  MAX_RUNTIME_ERRORS,
  panelAutoState,
  type RuntimeErrorItem,
} from './runtime-errors.ts';

const message = (title: string, componentName: string | null = 'Home') => ({
  type: 'atelier:runtime-error' as const,
  title,
  details: `${title}\n    at Home`,
  componentName,
});
let n = 0;
const newId = () => `e${++n}`;

describe('runtime errors', () => {
  it('adds new errors and counts repeats of the same error in the same component', () => {
    let errors: RuntimeErrorItem[] = [];
    errors = addRuntimeError(errors, message('TypeError: x is undefined'), newId);
    errors = addRuntimeError(errors, message('TypeError: x is undefined'), newId);
    errors = addRuntimeError(errors, message('TypeError: x is undefined', 'Layout'), newId);
    expect(errors.map((e) => [e.title, e.componentName, e.count])).toEqual([
      ['TypeError: x is undefined', 'Home', 2],
      ['TypeError: x is undefined', 'Layout', 1],
    ]);
  });

  it('keeps the newest errors when there are too many', () => {
    let errors: RuntimeErrorItem[] = [];
    for (let i = 0; i < MAX_RUNTIME_ERRORS + 3; i++)
      errors = addRuntimeError(errors, message(`E${i}`), newId);
    expect(errors).toHaveLength(MAX_RUNTIME_ERRORS);
    expect(errors[0]?.title).toBe('E3');
  });

  it('expands when new errors arrive and minimises when the last one goes (spec 3 §4)', () => {
    expect(panelAutoState(0, 1)).toBe('expand');
    expect(panelAutoState(2, 3)).toBe('expand');
    expect(panelAutoState(2, 1)).toBeNull();
    expect(panelAutoState(1, 0)).toBe('minimize');
    expect(panelAutoState(0, 0)).toBeNull();
  });

  it('writes a report for the chat with each error, its component and details', () => {
    const errors = addRuntimeError([], message('ReferenceError: items is not defined'), newId);
    const report = errorReportMessage(errors);
    expect(report).toContain('1. ReferenceError: items is not defined (in Home)');
    expect(report).toContain('    at Home');
  });
});
