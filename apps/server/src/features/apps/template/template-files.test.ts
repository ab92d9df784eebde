import { fileKind, parseEntitySchema, resolveRls } from '@atelier/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../compile/compiler.ts';
import { templateFiles } from './template-files.ts';

const compiler = createCompiler();
afterAll(() => compiler.dispose());

describe('templateFiles', () => {
  it('holds a layout, a home page, the shadcn/ui components, lib/utils, the Item entity and the global styles', () => {
    const files = templateFiles('Acme');
    const paths = files.map((file) => file.path);
    expect(paths.slice(0, 2)).toEqual(['Layout.tsx', 'pages/Home.tsx']);
    // shadcn/ui's set, as Lovable's and Base44's apps carry it (their code imports any of them).
    for (const component of [
      ...['accordion', 'alert', 'alert-dialog', 'aspect-ratio', 'avatar', 'badge', 'breadcrumb'],
      ...['button', 'calendar', 'card', 'carousel', 'chart', 'checkbox', 'collapsible', 'command'],
      ...['context-menu', 'dialog', 'drawer', 'dropdown-menu', 'form', 'hover-card', 'input'],
      ...['input-otp', 'label', 'menubar', 'navigation-menu', 'pagination', 'popover', 'progress'],
      ...['radio-group', 'resizable', 'scroll-area', 'select', 'separator', 'sheet', 'sidebar'],
      ...['skeleton', 'slider', 'sonner', 'switch', 'table', 'tabs', 'textarea', 'toast', 'toaster'],
      ...['toggle', 'toggle-group', 'tooltip'],
    ])
      expect(paths).toContain(`components/ui/${component}.jsx`);
    for (const helper of [
      'components/ui/use-toast.js',
      'hooks/use-toast.js',
      'hooks/use-mobile.js',
      'lib/utils.js',
    ])
      expect(paths).toContain(helper);
    expect(paths.slice(-2)).toEqual(['globals.css', 'entities/Item.json']);
    for (const path of paths) expect(fileKind(path), path).not.toBeNull();
    const css = files.find((file) => file.path === 'globals.css')!.content;
    expect(css).toContain('@theme inline');
    expect(css).toContain('--color-primary: var(--primary);');
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
    expect(result.js).toContain('__atelierImportMetaEnv.VITE_APP_NAME || "Acme Tasks"');
    expect(result.js).toContain('entities.Item.list("-createdAt", 50)');
    expect(result.js).toContain(' Add item');
    expect(result.js).toContain('from "@radix-ui/react-slot"');
    expect(result.js).toContain('new QueryClient(');
    expect(result.css).toContain('.backdrop-blur');
    expect(result.css).toContain('background-color: var(--primary)');
  });

  it('keeps any app name as text, never as code', async () => {
    const name = `Bob's {App} </script> \`\${x}\``;
    const result = await compiler.compile(templateFiles(name));
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect(result.js).toContain(JSON.stringify(name).replace('</script>', '<\\/script>'));
    expect(templateFiles('   ')[0]!.content).toContain(`const APP_TITLE = "My App";`);
    expect(templateFiles('   ')[1]!.content).toContain(
      `const APP_NAME = import.meta.env.VITE_APP_NAME || "My App";`,
    );
  });
});
