import type { EntityFieldSchema, EntitySchema } from '@atelier/shared';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { RE2JS } from 're2js';

/**
 * JSON Schema validation of records (ajv). Entity files are written by a model or a builder, so
 * the validator is lenient about the schema itself (unknown keywords such as `rls` and unknown
 * formats are ignored) and strict about the data.
 */

/** A failed check: the dotted path of the failing field and what is wrong with it. */
export interface RecordProblem {
  field: string;
  message: string;
}

export interface RecordValidators {
  /** A whole new record (required fields, defaults filled in). Mutates `data` with the defaults. */
  create(data: Record<string, unknown>): RecordProblem | undefined;
  /** The fields of a change (required fields are not asked for; removing one is checked by the caller). */
  patch(data: Record<string, unknown>): RecordProblem | undefined;
  /** Top-level properties that may be null. */
  nullable: ReadonlySet<string>;
  required: ReadonlySet<string>;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDateTime = (text: string) => /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text));

/**
 * Bounds of the builder-written patterns. RE2 runs in time linear in the input, but the constant is
 * the pattern's compiled size: `[a-z]{1000}` three times over a 100 KB value held the event loop for
 * 6.5 s. So a pattern is at most `length` characters and `instructions` RE2 instructions, an entity's
 * patterns together at most `schemaInstructions`, and the checks of one synchronous run (a record,
 * or every record of a bulk create, checked without yielding to the event loop) at most `work` steps (instructions × characters
 * of each value or key checked: about 50 ms at the worst on a 2-core machine).
 */
export const SCHEMA_PATTERN_LIMITS = {
  length: 1_000,
  instructions: 1_000,
  schemaInstructions: 20_000,
  work: 2_000_000,
} as const;

/**
 * Pattern work left: for the schema being compiled, and for the synchronous run of code checking
 * values now (one record, or every record of a bulk create: they are checked in one run), refilled
 * once that run ends.
 */
const budget = { compile: 0, work: SCHEMA_PATTERN_LIMITS.work, resetQueued: false };

/** The values of one turn went past {@link SCHEMA_PATTERN_LIMITS}.work. */
class PatternWorkExceeded extends Error {}

const quoted = (pattern: string) =>
  JSON.stringify(pattern.length > 60 ? `${pattern.slice(0, 60)}…` : pattern);

function spendWork(steps: number, pattern: string): void {
  if (!budget.resetQueued) {
    budget.resetQueued = true;
    queueMicrotask(() => {
      budget.work = SCHEMA_PATTERN_LIMITS.work;
      budget.resetQueued = false;
    });
  }
  budget.work -= steps;
  if (budget.work < 0) {
    throw new PatternWorkExceeded(
      `is too long to check against the pattern ${quoted(pattern)}: shorten the value, or send fewer records at once`,
    );
  }
}

/**
 * Schema `pattern`, `patternProperties` and `propertyNames` patterns come from builders and models:
 * ajv runs them in RE2 (linear time in the input, whatever the pattern), never in V8's backtracking
 * RegExp, where `^(a+)+$` on a 30-character value holds the process for seconds, and within
 * {@link SCHEMA_PATTERN_LIMITS}. A pattern RE2 does not support (lookarounds, back-references) or
 * past the limits makes the schema invalid (reported as a problem).
 */
export const linearRegExp = Object.assign(
  (pattern: string, flags: string) => {
    if (pattern.length > SCHEMA_PATTERN_LIMITS.length) {
      throw new Error(`pattern ${quoted(pattern)} is longer than ${SCHEMA_PATTERN_LIMITS.length} characters`);
    }
    const compiled = RE2JS.compile(pattern);
    const size = compiled.programSize();
    if (size > SCHEMA_PATTERN_LIMITS.instructions) {
      throw new Error(`pattern ${quoted(pattern)} is too complex: use fewer or smaller repetitions`);
    }
    budget.compile -= size;
    if (budget.compile < 0) {
      throw new Error('the patterns of this entity are too complex together: use fewer or simpler patterns');
    }
    return {
      test: (text: string) => {
        spendWork(size * Math.max(text.length, 1), pattern);
        return compiled.test(text);
      },
      // ajv keeps one compiled pattern per distinct toString() of what this returns: without it
      // every pattern of an app version was "[object Object]", and all were checked with the first.
      toString: () => `re2js/${flags}/${pattern}`,
    };
  },
  { code: 're2js' },
);

function makeAjv(useDefaults: boolean): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    useDefaults,
    logger: false,
    validateSchema: false,
    code: { regExp: linearRegExp },
  });
  addFormats(ajv);
  // Dates arrive from date pickers and CSV imports as full ISO date-times: accept both shapes.
  ajv.addFormat('date', { type: 'string', validate: (text) => ISO_DATE.test(text) || isDateTime(text) });
  ajv.addFormat('date-time', { type: 'string', validate: (text) => isDateTime(text) });
  return ajv;
}

/**
 * A compiler of record validators. Make one per app version: ajv keeps every schema it compiled,
 * so a long-lived instance would grow with every version served; a per-version one is dropped with
 * the version's cache entry.
 */
export function validatorFactory(): { compile(schema: EntitySchema): RecordValidators } {
  const createAjv = makeAjv(true);
  const patchAjv = makeAjv(false);
  return { compile: (schema) => compileValidators(createAjv, patchAjv, schema) };
}

/** The keywords of an entity file that are ours, not JSON Schema's, and the draft marker. */
function jsonSchemaOf(schema: EntitySchema, withRequired: boolean): Record<string, unknown> {
  const { rls: _rls, name: _name, $schema: _draft, $id: _id, required, ...rest } = schema;
  return withRequired && required ? { ...rest, required } : rest;
}

const typesOf = (field: EntityFieldSchema | undefined) =>
  field?.type === undefined ? [] : Array.isArray(field.type) ? field.type : [field.type];

/** ajv's compile with the entity's pattern budget. */
function compileWithin(ajv: Ajv, schema: Record<string, unknown>): ValidateFunction {
  budget.compile = SCHEMA_PATTERN_LIMITS.schemaInstructions;
  return ajv.compile(schema);
}

function compileValidators(createAjv: Ajv, patchAjv: Ajv, schema: EntitySchema): RecordValidators {
  const create = compileWithin(createAjv, jsonSchemaOf(schema, true));
  const patch = compileWithin(patchAjv, jsonSchemaOf(schema, false));
  const nullable = new Set(
    Object.entries(schema.properties ?? {})
      .filter(([, field]) => typesOf(field).includes('null') || field.nullable === true)
      .map(([name]) => name),
  );
  return {
    create: (data) => problemOf(create, data),
    patch: (data) => problemOf(patch, data),
    nullable,
    required: new Set(schema.required ?? []),
  };
}

function problemOf(validate: ValidateFunction, data: unknown): RecordProblem | undefined {
  try {
    if (validate(data)) return undefined;
  } catch (error) {
    if (error instanceof PatternWorkExceeded) return { field: '', message: `A value ${error.message}` };
    throw error;
  }
  const error = validate.errors?.[0];
  return error ? describe(error) : { field: '', message: 'is not valid' };
}

/** `title: must be string`, `address.city: is required`, `status: must be one of todo, done`. */
function describe(error: ErrorObject): RecordProblem {
  const base = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty?: string }).missingProperty ?? '');
    return { field: [...base, missing].join('.'), message: 'is required' };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    return {
      field: base.join('.'),
      message: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`,
    };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty?: string }).additionalProperty ?? '');
    return { field: [...base, extra].join('.'), message: 'is not a field of this entity' };
  }
  return { field: base.join('.'), message: error.message ?? 'is not valid' };
}
