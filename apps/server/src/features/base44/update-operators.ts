import { AppError } from '../../platform/errors.ts';

/**
 * The MongoDB update operators of Base44's `updateMany` on one record's fields: answers the change
 * to send to the entity service (a field set to null is removed). Top-level fields only.
 */
const bad = (message: string) => new AppError('bad_request', message);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const numberOf = (field: string, value: unknown): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(`${field}: must be a number`);
  return value;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Apply = (field: string, operand: unknown, current: unknown) => unknown;

const OPERATORS: Record<string, Apply> = {
  $set: (_field, operand) => operand,
  $unset: () => null,
  $inc: (field, operand, current) =>
    (current === undefined ? 0 : numberOf(field, current)) + numberOf(field, operand),
  $mul: (field, operand, current) =>
    (current === undefined ? 0 : numberOf(field, current)) * numberOf(field, operand),
  $min: (_field, operand, current) =>
    current === undefined || (operand as number) < (current as number) ? operand : current,
  $max: (_field, operand, current) =>
    current === undefined || (operand as number) > (current as number) ? operand : current,
  $currentDate: () => new Date().toISOString(),
  $push: (field, operand, current) => [...arrayOf(field, current), ...each(operand)],
  $addToSet: (field, operand, current) => {
    const out = [...arrayOf(field, current)];
    for (const item of each(operand)) if (!out.some((existing) => same(existing, item))) out.push(item);
    return out;
  },
  $pull: (field, operand, current) => arrayOf(field, current).filter((item) => !same(item, operand)),
};

function arrayOf(field: string, current: unknown): unknown[] {
  if (current === undefined || current === null) return [];
  if (!Array.isArray(current)) throw bad(`${field}: is not an array`);
  return current;
}

/** `{ $each: [...] }` or one value. */
const each = (operand: unknown): unknown[] =>
  isObject(operand) && Array.isArray(operand.$each) ? operand.$each : [operand];

export function applyUpdateOperators(
  data: Record<string, unknown>,
  update: unknown,
): Record<string, unknown> {
  if (!isObject(update) || Object.keys(update).length === 0) {
    throw bad('updateMany needs update operators, such as { "$set": { "status": "done" } }');
  }
  const change: Record<string, unknown> = {};
  for (const [operator, fields] of Object.entries(update)) {
    const apply = OPERATORS[operator];
    if (!apply) throw bad(`Unsupported update operator ${operator}`);
    if (!isObject(fields)) throw bad(`${operator} takes an object of fields`);
    for (const [field, operand] of Object.entries(fields)) {
      if (Object.hasOwn(change, field)) throw bad(`${field}: may appear in one operator only`);
      change[field] = apply(field, operand, data[field]);
    }
  }
  return change;
}
