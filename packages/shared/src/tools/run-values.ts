import { type PublicToolField, TOOL_MESSAGES, type ToolFieldValue } from '../contracts/tools.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isEmptyToolValue = (value: ToolFieldValue | undefined) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const isNumber = (value: ToolFieldValue) =>
  typeof value === 'number'
    ? Number.isFinite(value)
    : typeof value === 'string' && Number.isFinite(Number(value.trim()));

/** A real calendar day as `YYYY-MM-DD` (what a date input sends): 2026-02-30 is not one. */
function isDate(value: ToolFieldValue): boolean {
  if (typeof value !== 'string' || !DATE.test(value.trim())) return false;
  const time = Date.parse(`${value.trim()}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value.trim();
}

/** What is wrong with a run's inputs: the field (`input` for the main input) and the message. */
export interface ToolRunProblem {
  field: string;
  message: string;
}

/**
 * The first problem of a tool run's inputs, or null: a required field left empty, an e-mail,
 * number or date field that is not one, or nothing given at all. The server refuses the same run
 * with the same message; the tool's page says it inline before sending (issue 23 #26).
 * `input` is the main input, undefined when the tool hides it.
 */
export function toolRunProblem(
  fields: readonly PublicToolField[],
  values: Record<string, ToolFieldValue>,
  input: string | undefined,
): ToolRunProblem | null {
  for (const field of fields) {
    const value = values[field.name];
    const problem = (message: string) => ({ field: field.name, message });
    if (isEmptyToolValue(value)) {
      if (field.required) return problem(TOOL_MESSAGES.fieldRequired(field.label));
      continue;
    }
    if (field.type === 'email' && (typeof value !== 'string' || !EMAIL.test(value.trim())))
      return problem(TOOL_MESSAGES.emailInvalid(field.label));
    if (field.type === 'number' && !isNumber(value as ToolFieldValue))
      return problem(TOOL_MESSAGES.numberInvalid(field.label));
    if (field.type === 'date' && !isDate(value as ToolFieldValue))
      return problem(TOOL_MESSAGES.dateInvalid(field.label));
  }
  const given = fields.filter((field) => !isEmptyToolValue(values[field.name]));
  if (isEmptyToolValue(input) && given.length === 0)
    return { field: 'input', message: TOOL_MESSAGES.inputRequired };
  return null;
}
