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
 * Schema `pattern`, `patternProperties` and `propertyNames` patterns come from builders and models:
 * ajv runs them in RE2 (linear time in the input, whatever the pattern), never in V8's backtracking
 * RegExp, where `^(a+)+$` on a 30-character value holds the process for seconds. A pattern RE2 does
 * not support (lookarounds, back-references) makes the schema invalid (reported as a problem).
 */
export const linearRegExp = Object.assign(
  (pattern: string, _flags: string) => {
    const compiled = RE2JS.compile(pattern);
    return { test: (text: string) => compiled.test(text) };
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

function compileValidators(createAjv: Ajv, patchAjv: Ajv, schema: EntitySchema): RecordValidators {
  const create = createAjv.compile(jsonSchemaOf(schema, true));
  const patch = patchAjv.compile(jsonSchemaOf(schema, false));
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
  if (validate(data)) return undefined;
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
