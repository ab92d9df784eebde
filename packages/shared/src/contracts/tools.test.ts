import { describe, expect, it } from 'vitest';
import { toolPathFromTitle } from '../naming/names.ts';
import { isValidToolPath, TOOL_MESSAGES, updateToolRequestSchema } from './tools.ts';

describe('tool paths', () => {
  it('accepts letters, numbers and dashes only, and not empty', () => {
    expect(isValidToolPath('trip-planner-2')).toBe(true);
    expect(isValidToolPath('')).toBe(false);
    expect(isValidToolPath('trip planner')).toBe(false);
    expect(isValidToolPath('trip_planner')).toBe(false);
    expect(isValidToolPath('trip/planner')).toBe(false);
  });
  it('answers the spec message for a bad path', () => {
    const parsed = updateToolRequestSchema.safeParse({ path: 'no spaces' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Path should contain only letters, numbers, and dashes. It cannot be empty.',
    );
  });
  it('makes a path from a title', () => {
    expect(toolPathFromTitle('  Café Trip Planner! 2025 ')).toBe('cafe-trip-planner-2025');
    expect(toolPathFromTitle('***')).toBe('tool');
  });
  it('names the path in the not-found message', () => {
    expect(TOOL_MESSAGES.notFoundByPath('abc')).toBe('Tool with path abc not found');
  });
});
