import { describe, expect, it } from 'vitest';
import { PERMISSION_ROLES } from '../actions/tags.ts';
import type { EntityFieldSchema } from '../app-files/entity-schema.ts';
import { ACCESS_MESSAGES, ACCESS_PRESETS, accessLabel, HIDDEN_ENTITY_NAME, presetFor } from './access.ts';
import {
  BULK_DELETE,
  CSV_IMPORT,
  columnDataType,
  DATA_TABLE,
  DATABASE_MESSAGES,
  imageUploadProblem,
  isLongText,
  multiselectOverflow,
  parseJsonCell,
  parseNumberCell,
  propertyForDataType,
  readBooleanCell,
  tableColumns,
} from './columns.ts';
import {
  basicMapping,
  chunk,
  convertCsvValue,
  csvRowToRecord,
  detectSplitCharacter,
  mappableFields,
  mappingNeedsConfirmation,
} from './csv.ts';
import { exportCell, exportFileName, exportRows, neutraliseFormula } from './export.ts';
import { COLOR_FAMILIES, COLOR_PALETTE, optionColors, PALETTE_SHADES, paletteColor } from './palette.ts';

describe('access presets', () => {
  it('lists the six presets of the spec in order', () => {
    expect(ACCESS_PRESETS.map((preset) => [preset.read, preset.write])).toEqual([
      ['admin', 'anonymous'],
      ['anonymous', 'admin'],
      ['all', 'admin'],
      ['all', 'creator'],
      ['creator', 'creator'],
      ['admin', 'admin'],
    ]);
    expect(ACCESS_PRESETS[0]?.name).toBe('Anyone can submit, only admins can view');
    expect(new Set(ACCESS_PRESETS.map((preset) => preset.name)).size).toBe(6);
  });

  it('labels every role pair: the preset name, else "{read} can read, {write} can write"', () => {
    for (const read of PERMISSION_ROLES) {
      for (const write of PERMISSION_ROLES) {
        const preset = ACCESS_PRESETS.find((p) => p.read === read && p.write === write);
        expect(presetFor({ read, write })).toBe(preset);
        expect(accessLabel({ read, write })).toBe(
          preset ? preset.name : `${read} can read, ${write} can write`,
        );
      }
    }
    expect(accessLabel({ read: 'none', write: 'all' })).toBe('none can read, all can write');
  });

  it('keeps the spec texts', () => {
    expect(ACCESS_MESSAGES.chatBusy).toBe('Please wait for chat to finish before updating permissions');
    expect(ACCESS_MESSAGES.requestFailed).toBe('Failed to request access control change');
    expect(HIDDEN_ENTITY_NAME).toBe('User');
  });
});

describe('columns and cells', () => {
  it.each([
    ['coverImage', { type: 'string' }, 'image'],
    ['IMAGE_url', { type: 'string' }, 'image'],
    ['photo', { type: 'string', contentMediaType: 'image/*' }, 'image'],
    ['done', { type: 'boolean' }, 'boolean'],
    ['price', { type: 'number' }, 'number'],
    ['count', { type: 'integer' }, 'number'],
    ['dueAt', { type: 'string', format: 'date-time' }, 'datetime'],
    ['day', { type: 'string', format: 'date' }, 'datetime'],
    ['status', { type: 'string', enum: ['a', 'b'] }, 'select'],
    ['tags', { type: 'array', items: { type: 'string', enum: ['x'] } }, 'multiselect'],
    ['aliases', { type: 'array', items: { type: 'string' } }, 'json'],
    ['meta', { type: 'object' }, 'json'],
    ['anything', {}, 'json'],
    ['title', { type: 'string' }, 'text'],
    ['imageCount', { type: 'number' }, 'number'],
  ] as const)('%s %j is a %s column', (name, field, type) => {
    expect(columnDataType(name, field as EntityFieldSchema)).toBe(type);
  });

  it('gives a new column of each type a schema that reads back as that type', () => {
    for (const type of [
      'text',
      'number',
      'boolean',
      'datetime',
      'select',
      'multiselect',
      'image',
      'json',
    ] as const) {
      expect(columnDataType('field', propertyForDataType(type, ['One', 'Two']))).toBe(type);
    }
    expect(propertyForDataType('select', [' A ', 'A', '', 'B'])).toEqual({
      type: 'string',
      enum: ['A', 'B'],
    });
  });

  it('lists the schema properties then the read-only id, creator and creation columns, with option colours', () => {
    const columns = tableColumns({
      properties: {
        status: { type: 'string', enum: ['open', 'done'] },
        notes: { type: 'string', title: 'Notes', readOnly: true },
        id: { type: 'string' },
      },
    });
    expect(columns.map((c) => [c.id, c.label, c.dataType, c.readonly, c.created])).toEqual([
      ['status', 'status', 'select', false, false],
      ['notes', 'Notes', 'text', true, false],
      ['id', 'ID', 'text', true, true],
      ['creatorId', 'Created by', 'text', true, true],
      ['createdAt', 'Created', 'datetime', true, true],
    ]);
    expect(columns[0]?.options).toEqual([
      { label: 'open', backgroundColor: '#fee2e2', color: '#991b1b' },
      { label: 'done', backgroundColor: '#ffedd5', color: '#9a3412' },
    ]);
  });

  it('reads true, 1, "true" and "1" as true and nothing else', () => {
    for (const value of [true, 1, 'true', '1']) expect(readBooleanCell(value)).toBe(true);
    for (const value of [false, 0, 'false', '0', 'TRUE', 'yes', null, undefined, 2]) {
      expect(readBooleanCell(value)).toBe(false);
    }
  });

  it('opens the multi-line editor past 50 characters or with a line break', () => {
    expect(isLongText('x'.repeat(50))).toBe(false);
    expect(isLongText('x'.repeat(51))).toBe(true);
    expect(isLongText('a\nb')).toBe(true);
  });

  it('parses JSON cells: empty is null, bad JSON says "Invalid JSON: …"', () => {
    expect(parseJsonCell('  ')).toEqual({ ok: true, value: null });
    expect(parseJsonCell('{"a":[1]}')).toEqual({ ok: true, value: { a: [1] } });
    const bad = parseJsonCell('{oops');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message.startsWith('Invalid JSON: ')).toBe(true);
    expect(!bad.ok && bad.message.length).toBeGreaterThan('Invalid JSON: '.length);
  });

  it('parses number cells', () => {
    expect(parseNumberCell('')).toBeNull();
    expect(parseNumberCell('3.5')).toBe(3.5);
    expect(parseNumberCell('abc')).toBeUndefined();
  });

  it('accepts images under 10,000,000 bytes only', () => {
    expect(imageUploadProblem({ size: 9_999_999, type: 'image/png' })).toBeUndefined();
    expect(imageUploadProblem({ size: 10_000_000, type: 'image/png' })).toBe('File size to large');
    expect(imageUploadProblem({ size: 10, type: 'text/plain' })).toBe(DATABASE_MESSAGES.imageOnly);
    expect(imageUploadProblem(undefined)).toBe('File not found');
  });

  it('shows +N for the options that do not fit', () => {
    expect(multiselectOverflow(['a', 'b', 'c', 'd'], 2)).toEqual({ shown: ['a', 'b'], more: '+2' });
    expect(multiselectOverflow(['a'], 2)).toEqual({ shown: ['a'], more: null });
  });

  it('keeps the constants of the spec', () => {
    expect(DATA_TABLE).toEqual({ height: 480, rowHeight: 40, selectionColumnWidth: 50 });
    expect(BULK_DELETE).toEqual({ chunkSize: 5, pauseMs: 200, refreshDelayMs: 500 });
    expect(CSV_IMPORT).toEqual({ batchSize: 10, parallelBatches: 3, previewRows: 5 });
    expect(DATABASE_MESSAGES.importAllSucceeded(3)).toBe('Successfully imported all 3 rows.');
    expect(DATABASE_MESSAGES.importSomeFailed(2, 10)).toBe(
      'Import completed with 2 failed rows out of 10 total.',
    );
  });
});

describe('colour palette', () => {
  it('has 19 colour families of 10 shades, all hex colours, all different', () => {
    expect(COLOR_FAMILIES).toHaveLength(19);
    expect(PALETTE_SHADES).toHaveLength(10);
    const all = Object.values(COLOR_PALETTE).flat();
    expect(all).toHaveLength(190);
    for (const colour of all) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(all).size).toBe(190);
    expect(paletteColor('blue', 500)).toBe('#3b82f6');
  });

  it('gives options colours in turn and wraps after 19', () => {
    expect(optionColors(0).family).toBe('red');
    expect(optionColors(19).family).toBe('red');
    expect(optionColors(20)).toEqual(optionColors(1));
  });
});

describe('CSV import rules', () => {
  it.each([
    ['3.75', 'number', 3.75],
    ['12abc', 'number', 12],
    ['abc', 'number', undefined],
    ['true', 'boolean', true],
    ['True', 'boolean', false],
    ['1', 'boolean', false],
    ['yes', 'boolean', false],
    ['2024-03-05T10:00:00Z', 'date', '2024-03-05T10:00:00.000Z'],
    ['not a date', 'date', 'not a date'],
    ['{"a":1}', 'json', { a: 1 }],
    ['[1,2]', 'json', [1, 2]],
    ['{broken', 'json', '{broken'],
    ['hello', 'string', 'hello'],
    ['', 'string', undefined],
    ['   ', 'number', undefined],
  ] as const)('%j as %s is %j', (raw, type, expected) => {
    expect(convertCsvValue(raw, type)).toEqual(expected);
  });

  it('splits arrays of strings by the split character and drops empty parts', () => {
    expect(convertCsvValue('a; b;;c ', 'array', ';')).toEqual(['a', 'b', 'c']);
    expect(convertCsvValue('a|b', 'array', '|')).toEqual(['a', 'b']);
    expect(convertCsvValue('a\nb', 'array', '\n')).toEqual(['a', 'b']);
    expect(convertCsvValue('a\tb', 'array', '\t')).toEqual(['a', 'b']);
  });

  it.each([
    [['a,b', 'c,d,e'], ','],
    [['a;b', 'c;d'], ';'],
    [['a|b|c', 'x, y'], '|'],
    [['a\nb', 'c\nd'], '\n'],
    [['a\tb'], '\t'],
    [['plain'], ','],
  ] as const)('detects the split character of %j as %j', (values, expected) => {
    expect(detectSplitCharacter(values)).toBe(expected);
  });

  it('builds nested objects from dotted paths and ignores unmapped columns', () => {
    const record = csvRowToRecord({ City: 'Paris', Zip: '75001', Name: 'Ada', Skip: 'x', Tags: 'a,b' }, [
      { csvHeader: 'City', schemaField: 'address.city', dataType: 'string' },
      { csvHeader: 'Zip', schemaField: 'address.zip', dataType: 'number' },
      { csvHeader: 'Name', schemaField: 'name', dataType: 'string' },
      { csvHeader: 'Skip', schemaField: '', dataType: 'string' },
      { csvHeader: 'Tags', schemaField: 'tags', dataType: 'array', splitCharacter: ',' },
    ]);
    expect(record).toEqual({ address: { city: 'Paris', zip: 75001 }, name: 'Ada', tags: ['a', 'b'] });
    expect(
      csvRowToRecord({ Name: '' }, [{ csvHeader: 'Name', schemaField: 'name', dataType: 'string' }]),
    ).toBeUndefined();
  });

  it('asks for confirmation when id or creatorId is mapped', () => {
    expect(mappingNeedsConfirmation([{ csvHeader: 'a', schemaField: 'name', dataType: 'string' }])).toBe(
      false,
    );
    expect(mappingNeedsConfirmation([{ csvHeader: 'a', schemaField: 'id', dataType: 'string' }])).toBe(true);
    expect(mappingNeedsConfirmation([{ csvHeader: 'a', schemaField: 'creatorId', dataType: 'string' }])).toBe(
      true,
    );
  });

  it('maps columns to fields by name ignoring case, with conversions and a detected split character', () => {
    const schema = {
      properties: {
        title: { type: 'string' as const },
        price: { type: 'number' as const },
        tags: { type: 'array' as const, items: { type: 'string' as const } },
        address: { type: 'object' as const, properties: { city: { type: 'string' as const } } },
      },
    };
    expect(mappableFields(schema).map((f) => f.path)).toEqual([
      'title',
      'price',
      'tags',
      'address.city',
      'id',
      'creatorId',
    ]);
    expect(
      basicMapping(['TITLE', 'Price', 'tags', 'Address.City', 'other', 'ID'], schema, [{ tags: 'a;b' }]),
    ).toEqual([
      { csvHeader: 'TITLE', schemaField: 'title', dataType: 'string', splitCharacter: undefined },
      { csvHeader: 'Price', schemaField: 'price', dataType: 'number', splitCharacter: undefined },
      { csvHeader: 'tags', schemaField: 'tags', dataType: 'array', splitCharacter: ';' },
      {
        csvHeader: 'Address.City',
        schemaField: 'address.city',
        dataType: 'string',
        splitCharacter: undefined,
      },
      { csvHeader: 'other', schemaField: '', dataType: 'string' },
      { csvHeader: 'ID', schemaField: 'id', dataType: 'string', splitCharacter: undefined },
    ]);
  });

  it('splits rows into batches of 10', () => {
    expect(chunk([...Array(25).keys()], 10).map((batch) => batch.length)).toEqual([10, 10, 5]);
  });
});

describe('export', () => {
  it('names the file {Entity}_export_{YYYY-MM-DD}.csv', () => {
    expect(exportFileName('Contact', new Date(2025, 0, 9, 23, 59))).toBe('Contact_export_2025-01-09.csv');
  });

  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1+1', "'+1+1"],
    ['-2+3+cmd|x', "'-2+3+cmd|x"],
    ['@A1', "'@A1"],
    ['\t=1', "'\t=1"],
    ['safe = text', 'safe = text'],
  ])('neutralises %j', (text, expected) => {
    expect(neutraliseFormula(text)).toBe(expected);
  });

  it('keeps numbers and booleans, writes objects as JSON, neutralises text and headers', () => {
    expect(exportCell(-5)).toBe('-5');
    expect(exportCell(true)).toBe('true');
    expect(exportCell(null)).toBe('');
    expect(exportCell({ a: 1 })).toBe('{"a":1}');
    expect(exportRows([{ a: '=1', b: 2 }], ['a', 'b', '=c'])).toEqual([
      ['a', 'b', "'=c"],
      ["'=1", '2', ''],
    ]);
  });
});
