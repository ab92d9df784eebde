import {
  CSV_DATA_TYPES,
  type CsvMapping,
  type CsvMappingRequest,
  type CsvMappingResponse,
  csvDataTypeOf,
  csvMappingRequestSchema,
  csvMappingResponseSchema,
  type EntitySchema,
  mappableFields,
  withSplitCharacter,
} from '@atelier/shared';
import { z } from 'zod';
import { requireBuilder } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import {
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { type Llm, LlmCallError } from '../../platform/llm/index.ts';

/** Said when no model can map (the web then falls back to the basic mapping, spec 2 §8). */
export const CSV_MAPPING_OFFLINE = 'The offline assistant cannot suggest a CSV mapping';

const aiAnswerSchema = z.object({
  mappings: z.array(z.object({ csvHeader: z.string(), schemaField: z.string(), dataType: z.string() })),
});

const SYSTEM = [
  'You map the columns of a CSV file to the fields of a database entity.',
  'Answer JSON: {"mappings":[{"csvHeader","schemaField","dataType"}]} with one entry per CSV header, in order.',
  'schemaField is one of the listed fields (dotted paths are nested fields) or "" when no field fits.',
  `dataType is one of ${CSV_DATA_TYPES.join(', ')}: "array" for lists of texts, "json" for other lists and objects.`,
  'Map id or creatorId only when the column clearly holds record ids or creator ids.',
].join('\n');

/**
 * `POST /api/csv/generateMapping` (spec 2 §7): the model's mapping, checked against the schema
 * (unknown fields are dropped, each field's conversion comes from the schema, arrays of texts get
 * the split character detected in the preview rows). 503 when no model can answer.
 */
export async function generateMapping(
  llm: Llm,
  userId: string,
  request: CsvMappingRequest,
): Promise<CsvMappingResponse> {
  const schema = { properties: (request.schema.properties ?? {}) as EntitySchema['properties'] };
  const fields = mappableFields(schema);
  const resolved = await llm.resolveModel(null);
  if (resolved.offline) throw new AppError('service_unavailable', CSV_MAPPING_OFFLINE);
  const rows = request.previewData.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        value === undefined || value === null ? '' : String(value),
      ]),
    ),
  );
  let answer: z.infer<typeof aiAnswerSchema>;
  try {
    const generated = await llm.generateObject({
      purpose: 'csv_mapping',
      appId: request.appId ?? null,
      userId,
      temperature: 0,
      maxOutputTokens: 2000,
      system: SYSTEM,
      prompt: [
        `Entity: ${request.entityName}`,
        `Fields: ${fields.map((f) => `${f.path} (${csvDataTypeOf(f.field)})`).join(', ')}`,
        `CSV headers: ${JSON.stringify(request.headers)}`,
        `First rows: ${JSON.stringify(rows).slice(0, 6000)}`,
      ].join('\n'),
      schema: aiAnswerSchema,
    });
    answer = generated.object;
  } catch (error) {
    if (error instanceof LlmCallError) throw new AppError('service_unavailable', error.message);
    throw error;
  }
  const byPath = new Map(fields.map((f) => [f.path, f.field]));
  const suggested = new Map(answer.mappings.map((m) => [m.csvHeader, m]));
  const mappings = request.headers.map((header): CsvMapping => {
    const suggestion = suggested.get(header);
    const field = suggestion ? byPath.get(suggestion.schemaField) : undefined;
    if (!suggestion || !field) return { csvHeader: header, schemaField: '', dataType: 'string' };
    return withSplitCharacter(
      { csvHeader: header, schemaField: suggestion.schemaField, dataType: csvDataTypeOf(field) },
      rows,
    );
  });
  return { mappings };
}

const generateMappingRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/csv/generateMapping',
  tags: ['app entities'],
  summary: 'Suggest how the columns of a CSV file map to an entity’s fields (spec 2 §7)',
  middleware: [requireBuilder] as const,
  request: jsonBody(csvMappingRequestSchema),
  responses: {
    200: jsonContent(csvMappingResponseSchema, 'The mapping, one entry per header'),
    401: errorContent('Signed out'),
    503: errorContent('No model can suggest a mapping (offline assistant) or the model failed'),
  },
});

export function csvMappingRoutes(llm: Llm) {
  return createRouter().openapi(generateMappingRoute, async (c) => {
    const mapping = await generateMapping(llm, c.get('actor').userId, c.req.valid('json'));
    return c.json(csvMappingResponseSchema.parse(mapping), 200);
  });
}
