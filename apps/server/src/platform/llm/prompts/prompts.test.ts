import { describe, expect, it } from 'vitest';
import { templateFiles } from '../../../features/apps/template/index.ts';
import { ALLOWED_PACKAGE_NAMES } from '../../../features/compile/vendor/vendor-modules.ts';
import { builderSystemPrompt, parseAppFiles, renderAppFiles } from './index.ts';

describe('builder system prompt', () => {
  it('lists the packages an app may import, from the vendor set', () => {
    const prompt = builderSystemPrompt({ appName: 'Shop', files: [] });
    const line = prompt.split('\n').find((text) => text.includes('Apps may import their own files'))!;
    expect(line).toContain('framer-motion, motion, sonner, @tanstack/react-query');
    for (const name of ALLOWED_PACKAGE_NAMES) {
      const shown = name.startsWith('@radix-ui/react-') ? `${name.slice('@radix-ui/react-'.length)}` : name;
      expect(line, name).toContain(shown);
    }
    expect(line).toMatch(/@radix-ui\/react-\{accordion,.*\}/);
    for (const entry of [
      'react-dom/client',
      'motion/react',
      '@hookform/resolvers/zod',
      'date-fns/locale',
      'three/addons/controls/OrbitControls.js',
    ])
      expect(line).toContain(`\`${entry}\``);
    expect(line).not.toContain('jsx-runtime');
    expect(prompt).not.toContain('{{');
  });

  it("names every shadcn/ui component of the template, from the template's files", () => {
    const prompt = builderSystemPrompt({ appName: 'Shop', files: [] });
    const line = /holds the shadcn\/ui components\n\s*\(([^)]*)\)/.exec(prompt)?.[1]?.split(/,\s*/) ?? [];
    const components = templateFiles('Shop').flatMap(
      (file) => /^components\/ui\/([\w-]+)\.jsx$/.exec(file.path)?.[1] ?? [],
    );
    expect(line.sort()).toEqual(components.sort());
    for (const name of ['alert-dialog', 'calendar', 'command', 'scroll-area', 'sidebar', 'toaster'])
      expect(line).toContain(name);
  });

  it('tells the model how to add an npm package beyond the set', () => {
    const prompt = builderSystemPrompt({ appName: 'Shop', files: [] });
    expect(prompt).toContain('add it with an add_package action before importing it');
    expect(prompt).toContain('<atelier-action type="TYPE"');
    expect(prompt).toContain('`add_package`: `package="name"`');
  });
});

describe('app files in the prompt', () => {
  it("names the template's unchanged shadcn/ui files instead of repeating them, and reads them back whole", () => {
    const files = templateFiles('Shop');
    const edited = files.map((file) =>
      file.path === 'components/ui/card.jsx' ? { ...file, content: `${file.content}// edited\n` } : file,
    );
    const text = renderAppFiles(edited);
    expect(text).toContain('<app-file path="components/ui/button.jsx" unchanged-template />');
    expect(text).toContain('<app-file path="components/ui/card.jsx">\n');
    expect(text).toContain('// edited');
    expect(text).not.toContain('const buttonVariants = cva(');
    expect(text).toContain('<app-file path="pages/Home.tsx">\n');
    const sorted = (list: typeof files) => [...list].sort((a, b) => a.path.localeCompare(b.path));
    expect(parseAppFiles(builderSystemPrompt({ appName: 'Shop', files: edited }))).toEqual(sorted(edited));
  });
});
