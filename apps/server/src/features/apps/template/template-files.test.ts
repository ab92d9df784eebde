import { fileKind, parseEntitySchema, resolveRls } from '@atelier/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../compile/compiler.ts';
import { templateFiles } from './template-files.ts';

const compiler = createCompiler();
afterAll(() => compiler.dispose());

describe('templateFiles', () => {
  it('holds a layout, a home page, the Item entity and the global styles', () => {
    const files = templateFiles('Acme');
    expect(files.map((file) => [file.path, fileKind(file.path)])).toEqual([
      ['Layout.tsx', 'layout'],
      ['pages/Home.tsx', 'page'],
      ['entities/Item.json', 'entity'],
      ['globals.css', 'style'],
    ]);
  });

  it('declares Item with name, description and a status enum, readable and writable by its creator', () => {
    const entity = templateFiles('Acme').find((file) => file.path === 'entities/Item.json')!;
    const parsed = parseEntitySchema(entity.content);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(Object.keys(parsed.schema.properties)).toEqual(['name', 'description', 'status']);
    expect(parsed.schema.properties.status?.enum).toEqual(['todo', 'in_progress', 'done']);
    expect(parsed.schema.required).toEqual(['name']);
    expect(resolveRls(parsed.schema)).toEqual({ read: 'creator', write: 'creator' });
  });

  it('compiles, with the app name in the header and the home page using the Item entity', async () => {
    const result = await compiler.compile(templateFiles('Acme Tasks'));
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect(result.js).toContain('var APP_NAME = "Acme Tasks"');
    expect(result.js).toContain('entities.Item.list("-createdAt", 50)');
    expect(result.js).toContain(' Add item');
    expect(result.css).toContain('.backdrop-blur');
  });

  it('keeps any app name as text, never as code', async () => {
    const name = `Bob's {App} </script> \`\${x}\``;
    const result = await compiler.compile(templateFiles(name));
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect(result.js).toContain(JSON.stringify(name).replace('</script>', '<\\/script>'));
    expect(templateFiles('   ')[0]!.content).toContain('const APP_NAME = "My App";');
  });
});
