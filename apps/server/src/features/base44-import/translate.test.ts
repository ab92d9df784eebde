import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bundleFunction } from '../functions/function-bundle.ts';
import { type ExportTree, exportRootOf } from './archive.ts';
import { exportAppName, translateExport } from './translate.ts';
import { envLine } from './vite-env.ts';

const treeOf = (files: Record<string, string>): ExportTree =>
  new Map(Object.entries(files).map(([file, text]) => [file, Buffer.from(text)]));

const fileOf = (plan: ReturnType<typeof translateExport>, path: string) =>
  plan.files.find((file) => file.path === path)?.content;

describe('translateExport', () => {
  it('makes again the src/api modules an older export imports but lost, from the names it imports', () => {
    const plan = translateExport(
      treeOf({
        'src/main.jsx':
          "import { createRoot } from 'react-dom/client';\nimport App from './App';\ncreateRoot(document.getElementById('root')).render(<App />);\n",
        'src/App.jsx': [
          "import { Task, User } from '@/api/entities';",
          "import { InvokeLLM, Core } from '../src/api/integrations.js';",
          "import { sendDigest } from '@/api/functions';",
          'export default function App() {',
          "  return <button onClick={async () => { await Task.filter({ is_active: true, priority: { $gte: 2 }, $or: [{ owner: 'me' }] }); await Task.create({ title: 'x' }); await User.me(); await InvokeLLM({ prompt: 'p' }); await Core.SendEmail({}); await sendDigest({}); }}>Go</button>;",
          '}',
        ].join('\n'),
      }),
      'app-1',
    );
    expect(fileOf(plan, 'services/api/entities.js')).toContain('export const Task = base44.entities.Task;');
    expect(fileOf(plan, 'services/api/entities.js')).toContain('export const User = legacyUser;');
    expect(fileOf(plan, 'services/api/integrations.js')).toContain(
      'export const InvokeLLM = base44.integrations.Core.InvokeLLM;',
    );
    expect(fileOf(plan, 'services/api/functions.js')).toContain(
      'export const sendDigest = (data) => base44.functions.invoke("sendDigest", data);',
    );
    expect(fileOf(plan, 'services/api/base44Client.js')).toContain("from '@base44/sdk'");
    expect(fileOf(plan, 'services/App.jsx')).toContain("from '@/services/api/entities.js'");
    expect(plan.report.entities.map((entity) => entity.name)).toEqual(['Task']);
    // Fields come from writes and from queries (a filter on a field nothing writes is no unknown field).
    expect(JSON.parse(fileOf(plan, 'entities/Task.json')!).properties).toEqual({
      title: { type: 'string' },
      is_active: { type: 'boolean' },
      priority: { type: 'number' },
      owner: { type: 'string' },
    });
    expect(plan.report.warnings).toEqual([]);
    expect(plan.report.translated).toContain(
      'src/api/entities.js is missing from the export: it was made again from the names the code imports.',
    );
  });

  it("keeps the User entity's own fields and adds those the code writes to the signed-in user (auth.updateMe, User.updateMyUserData)", () => {
    const plan = translateExport(
      treeOf({
        'base44/entities/User.jsonc': JSON.stringify({
          name: 'User',
          type: 'object',
          properties: {
            role: { type: 'string', enum: ['admin', 'user', 'coach'] },
            full_name: { type: 'string' },
            onboarding_completed: { type: 'boolean', default: false },
          },
          required: ['role', 'onboarding_completed'],
          rls: { read: { created_by: '{{user.email}}' } },
        }),
        'src/App.jsx': [
          "import { User } from '@/api/entities';",
          "import { base44 } from '@/api/base44Client';",
          'export default function App() {',
          "  return <button onClick={async () => { await base44.auth.updateMe({ theme: 'dark', onboarding_completed: true }); await User.updateMyUserData({ display_name: 'Ann', age: 3 }); }}>Go</button>;",
          '}',
        ].join('\n'),
        'src/api/base44Client.js':
          "import { createClient } from '@base44/sdk';\nexport const base44 = createClient({ appId: 'x' });\n",
        'src/api/entities.js': "import { base44 } from './base44Client';\nexport const User = base44.auth;\n",
      }),
      'app-1',
    );
    // The account's own fields (role, full_name) and Base44's rules are Atelier's User entity's.
    expect(JSON.parse(fileOf(plan, 'entities/User.json')!)).toEqual({
      name: 'User',
      type: 'object',
      properties: {
        onboarding_completed: { type: 'boolean', default: false },
        theme: { type: 'string' },
        display_name: { type: 'string' },
        age: { type: 'number' },
      },
      required: ['onboarding_completed'],
    });
    expect(plan.report.entities).toEqual([]);
  });

  it('creates the entities only its functions use, with the fields they write', () => {
    const plan = translateExport(
      treeOf({
        'src/App.jsx': 'export default function App() { return <p>Hi</p>; }\n',
        'base44/functions/checkPortalAccess/entry.ts': [
          "import { createClientFromRequest } from 'npm:@base44/sdk@0.8.6';",
          'Deno.serve(async (req) => {',
          '  const base44 = createClientFromRequest(req);',
          "  const invites = await base44.asServiceRole.entities.InviteHistory.filter({ email: 'a@b.c' });",
          "  await base44.asServiceRole.entities.InviteHistory.update(invites[0].id, { status: 'accepted' });",
          '  return Response.json({ ok: true });',
          '});',
        ].join('\n'),
      }),
      'app-1',
    );
    expect(plan.report.entities).toEqual([
      { name: 'InviteHistory', fields: 2, rules: 'default', inferred: true },
    ]);
    expect(JSON.parse(fileOf(plan, 'entities/InviteHistory.json')!).properties).toEqual({
      email: { type: 'string' },
      status: { type: 'string' },
    });
  });

  it('keeps field-level rules, and drops rules the engine cannot run for the default, reported', () => {
    const salary = {
      read: { user_condition: { role: 'admin' } },
      write: { user_condition: { role: 'admin' } },
    };
    const plan = translateExport(
      treeOf({
        'src/App.jsx': 'export default function App() { return <p>Hi</p>; }\n',
        'base44/entities/Employee.jsonc': JSON.stringify({
          name: 'Employee',
          type: 'object',
          properties: { name: { type: 'string' }, salary: { type: 'number', rls: salary } },
          rls: { read: true },
        }),
        'base44/entities/Payslip.jsonc': JSON.stringify({
          name: 'Payslip',
          type: 'object',
          properties: { pay: { type: 'object', properties: { net: { type: 'number', rls: salary } } } },
        }),
      }),
      'app-1',
    );
    expect(JSON.parse(fileOf(plan, 'entities/Employee.json')!).properties.salary).toEqual({
      type: 'number',
      rls: salary,
    });
    expect(JSON.parse(fileOf(plan, 'entities/Payslip.json')!).properties.pay.properties.net).toEqual({
      type: 'number',
    });
    expect(plan.report.entities).toMatchObject([
      { name: 'Employee', rules: 'translated' },
      {
        name: 'Payslip',
        rules: 'dropped',
        problem:
          'Invalid entity schema: properties.pay.properties.net.rls: field rules are for top-level fields only',
      },
    ]);
  });

  it("keeps the export's ranges and prefers the versions its package-lock.json installed, dependencies included", () => {
    const plan = translateExport(
      treeOf({
        'src/App.jsx':
          "import ReactQuill from 'react-quill';\nimport { Deck } from '@deck.gl/core';\nexport default () => <ReactQuill />;\n",
        'package.json': JSON.stringify({
          dependencies: { 'react-quill': '^2.0.0', '@deck.gl/core': '^9.2.2', jspdf: '^2.5.1' },
        }),
        'base44/functions/notify/entry.ts': 'Deno.serve(() => new Response("ok"));',
        'package-lock.json': JSON.stringify({
          lockfileVersion: 3,
          packages: {
            '': { dependencies: { 'react-quill': '^2.0.0' } },
            'node_modules/react-quill': { version: '2.0.0', dependencies: { quill: '^1.3.7' } },
            'node_modules/react-quill/node_modules/quill': { version: '1.3.7' },
            'node_modules/@deck.gl/core': {
              version: '9.2.2',
              dependencies: { '@luma.gl/core': '^9.2.2' },
              peerDependencies: { '@luma.gl/webgl': '^9.2.0' },
            },
            'node_modules/@luma.gl/core': { version: '9.2.4', dependencies: { '@math.gl/types': '^4.1.0' } },
            'node_modules/@luma.gl/webgl': { version: '9.2.4' },
            'node_modules/@math.gl/types': { version: '4.1.0' },
            'node_modules/jspdf': { version: '2.5.2' },
          },
        }),
      }),
      'app-1',
    );
    const manifest = JSON.parse(fileOf(plan, 'package.json')!);
    expect(manifest.dependencies).toEqual({ '@deck.gl/core': '^9.2.2', 'react-quill': '^2.0.0' });
    // Nested copies (react-quill's own quill) and packages the code does not use are not listed.
    expect(manifest.lockedVersions).toEqual({
      '@deck.gl/core': '9.2.2',
      '@luma.gl/core': '9.2.4',
      '@luma.gl/webgl': '9.2.4',
      '@math.gl/types': '4.1.0',
      'react-quill': '2.0.0',
    });
    // Newer exports name a function's handler entry.ts: it runs as the folder's index.ts.
    expect(plan.report.functions).toEqual([
      { name: 'notify', path: 'functions/notify/index.ts', status: 'imported' },
    ]);
    expect(fileOf(plan, 'functions/notify/index.ts')).toBe('Deno.serve(() => new Response("ok"));');
  });

  it("points a Supabase project URL written in the code at the app's own Supabase-compatible API", () => {
    const plan = translateExport(
      treeOf({
        'src/main.jsx': "import { supabase } from './api/supabaseClient.js';\nexport default supabase;\n",
        'src/api/supabaseClient.js': [
          "import { createClient } from '@supabase/supabase-js';",
          "const supabaseUrl = 'https://dplwelvxynuaiwedzmjn.supabase.co';",
          "const photo = 'https://dplwelvxynuaiwedzmjn.supabase.co/storage/v1/object/public/a/b.png';",
          "export const supabase = createClient(supabaseUrl, 'eyJ.anon');",
        ].join('\n'),
      }),
      'app-1',
    );
    const code = fileOf(plan, 'services/api/supabaseClient.js') ?? '';
    expect(code).toContain('const supabaseUrl = import.meta.env.VITE_SUPABASE_URL;');
    // Only the project's URL itself: an object's address stays (the storage re-hosting's).
    expect(code).toContain("'https://dplwelvxynuaiwedzmjn.supabase.co/storage/v1/object/public/a/b.png'");
    expect(plan.report.translated).toContain(
      "services/api/supabaseClient.js: the Supabase project URL written in the code became import.meta.env.VITE_SUPABASE_URL, this app's own Supabase-compatible API.",
    );
  });

  it('imports Supabase Edge Functions as functions, with the _shared code they import', () => {
    const plan = translateExport(
      treeOf({
        'src/main.jsx': 'export default null;\n',
        'supabase/functions/groq-proxy/index.ts':
          "import { corsHeaders } from '../_shared/cors.ts';\nDeno.serve(() => new Response('ok', { headers: corsHeaders }));\n",
        'supabase/functions/_shared/cors.ts':
          "export const corsHeaders = { 'Access-Control-Allow-Origin': '*' };\n",
      }),
      'app-1',
    );
    expect(plan.report.functions).toEqual([
      { name: 'groq-proxy', path: 'functions/groq-proxy/index.ts', status: 'imported' },
    ]);
    expect(fileOf(plan, 'functions/groq-proxy/index.ts')).toContain(
      "from '@/services/supabase/functions/_shared/cors.ts'",
    );
    expect(fileOf(plan, 'services/supabase/functions/_shared/cors.ts')).toContain('corsHeaders');
  });

  it("reads an entity file named in kebab case (Base44's CLI: match-decision.jsonc) by the name it gives", () => {
    const plan = translateExport(
      treeOf({
        'src/main.jsx': 'export default null;\n',
        'base44/entities/match-decision.jsonc':
          '{ "name": "MatchDecision", "type": "object", "properties": { "state": { "type": "string" } } }',
      }),
      'app-1',
    );
    expect(plan.report.entities.map((entity) => entity.name)).toEqual(['MatchDecision']);
    expect(JSON.parse(fileOf(plan, 'entities/MatchDecision.json')!).properties).toEqual({
      state: { type: 'string' },
    });
  });

  it("keeps the base44/shared/ code its functions import, so they build (they answered 404 'not deployed')", async () => {
    const plan = translateExport(
      treeOf({
        'src/main.jsx': 'export default null;\n',
        'base44/functions/getMyProfiles/entry.ts': [
          "import { pickFields } from '../../shared/profileSanitizer.ts';",
          'Deno.serve(async () => Response.json(pickFields({ name: "Ada", secret: "x" })));',
        ].join('\n'),
        'base44/shared/profileSanitizer.ts': [
          "import { FIELDS } from './fields.ts';",
          "const key = Deno.env.get('PROFILE_KEY');",
          'export const pickFields = (row) => Object.fromEntries(FIELDS.map((f) => [f, row[f]]));',
        ].join('\n'),
        'base44/shared/fields.ts': "export const FIELDS = ['name'];",
      }),
      'app-1',
    );
    expect(fileOf(plan, 'functions/getMyProfiles/index.ts')).toContain(
      "from '@/services/base44/shared/profileSanitizer.ts'",
    );
    expect(plan.report.secrets).toContain('PROFILE_KEY');
    const files = new Map(plan.files.map((file) => [file.path, file.content]));
    const bundled = await bundleFunction('functions/getMyProfiles/index.ts', files);
    expect(bundled).toMatchObject({ ok: true });
    expect(bundled.ok && bundled.code).toContain('FIELDS = ["name"]');
  });
});

describe('translateExport: how Vite and Base44 resolve imports', () => {
  const main =
    "import { createRoot } from 'react-dom/client';\nimport App from './App';\ncreateRoot(document.getElementById('root')).render(<App />);\n";

  it("prefers .js to .jsx as Base44's Vite config does (a stale pages.config.jsx beside pages.config.js)", () => {
    const plan = translateExport(
      treeOf({
        'src/main.jsx': main,
        'src/App.jsx':
          "import { pagesConfig } from './pages.config';\nexport default () => pagesConfig.mainPage;\n",
        'src/pages.config.js': "export const pagesConfig = { mainPage: 'Home' };\n",
        'src/pages.config.jsx': "import Gone from './pages/Gone';\nexport const pagesConfig = { Gone };\n",
      }),
      'app-1',
    );
    expect(fileOf(plan, 'services/App.jsx')).toContain("from '@/services/pages.config.js'");
    expect(fileOf(plan, 'services/pages.config.jsx')).toBeUndefined();
  });

  it("runs the entry index.html names, not the template's main.jsx left beside it", () => {
    const plan = translateExport(
      treeOf({
        'index.html': '<div id="root"></div>\n<script type="module" src="/src/main.tsx"></script>\n',
        'src/main.jsx': main,
        'src/App.jsx': 'export default () => <p>Template</p>;\n',
        'src/main.tsx': main.replace('./App', './App.tsx'),
        'src/App.tsx': 'export default () => <p>Own app</p>;\n',
      }),
      'app-1',
    );
    expect(JSON.parse(fileOf(plan, 'package.json')!).main).toBe('services/main.tsx');
    expect(fileOf(plan, 'services/App.tsx')).toContain('Own app');
    // What the entry does not reach is left out.
    expect(fileOf(plan, 'services/App.jsx')).toBeUndefined();
  });

  it('brings along code outside src/ that src/ imports, as Vite bundles it', () => {
    const plan = translateExport(
      treeOf({
        'src/main.jsx': main,
        'src/App.jsx': "import { appUrl } from './lib/urls';\nexport default () => <p>{appUrl('/')}</p>;\n",
        'src/lib/urls.ts': "export { buildAppUrl as appUrl } from '../../base44/shared/configuration';\n",
        'base44/shared/configuration.ts':
          "import { ORIGIN } from './origin';\nexport const buildAppUrl = (p: string) => ORIGIN + p;\n",
        'base44/shared/origin.ts': "export const ORIGIN = 'https://example.com';\n",
      }),
      'app-1',
    );
    expect(fileOf(plan, 'lib/urls.ts')).toContain("from '@/services/base44/shared/configuration.ts'");
    expect(fileOf(plan, 'services/base44/shared/configuration.ts')).toContain(
      "from '@/services/base44/shared/origin.ts'",
    );
    expect(fileOf(plan, 'services/base44/shared/origin.ts')).toContain('https://example.com');
    expect(plan.report.warnings).toEqual([]);
  });

  it("writes out Vite's import.meta.glob as the imports of the files it matches (ShopTheBarber's lazy pages)", () => {
    const plan = translateExport(
      treeOf({
        'src/main.jsx': main,
        'src/App.jsx': [
          "import { lazy } from 'react';",
          "const pages = import.meta.glob('./pages/*.jsx');",
          "const icons = import.meta.glob(['/src/icons/*.js', '!/src/icons/skip.js'], { eager: true, import: 'default' });",
          'export const names = Object.keys(pages).map((key) => lazy(pages[key]));',
          'export default () => <p>{Object.keys(icons).join()}</p>;',
        ].join('\n'),
        'src/pages/Home.jsx': 'export default () => <p>Home</p>;\n',
        'src/pages/About.jsx': 'export default () => <p>About</p>;\n',
        'src/pages/notes.md': 'not code',
        'src/pages/Home.test.jsx': "import { it } from 'vitest';\n",
        'src/icons/star.js': "export default 'star';\n",
        'src/icons/skip.js': "export default 'skip';\n",
      }),
      'app-1',
    );
    const app = fileOf(plan, 'services/App.jsx')!;
    expect(app).not.toContain('import.meta.glob');
    expect(app).toContain(
      'const pages = { "./pages/About.jsx": () => import("@/pages/About.jsx"), "./pages/Home.jsx": () => import("@/pages/Home.jsx") };',
    );
    expect(app).toContain('import { default as __vite_glob_0 } from "@/services/icons/star.js";');
    expect(app).toContain('const icons = { "/src/icons/star.js": __vite_glob_0 };');
    // The pages only the glob names are reached from the entry, so they are kept.
    expect(fileOf(plan, 'pages/Home.jsx')).toContain('Home');
    expect(fileOf(plan, 'services/icons/skip.js')).toBeUndefined();
    // Test files beside the pages are not matched: vitest would load with the page.
    expect(fileOf(plan, 'pages/Home.test.jsx')).toBeUndefined();
    expect(plan.report.warnings).toEqual([]);
  });

  it("makes import { React } from 'react' React's default import (Vite's CommonJS interop reads it as undefined)", () => {
    const plan = translateExport(
      treeOf({
        'src/main.jsx': main,
        'src/App.jsx': [
          "import { React } from 'react';",
          "import { useState, React as R2 } from 'react';",
          "import Default, { React as Kept } from 'react';",
          'export default () => <p>{typeof R2 + typeof useState + typeof Default + typeof Kept}</p>;',
        ].join('\n'),
      }),
      'app-1',
    );
    expect(fileOf(plan, 'services/App.jsx')).toBe(
      [
        "import React from 'react';",
        "import R2, { useState } from 'react';",
        "import Default, { React as Kept } from 'react';",
        'export default () => <p>{typeof R2 + typeof useState + typeof Default + typeof Kept}</p>;',
      ].join('\n'),
    );
  });

  it("imports the packages' stylesheets its CSS @imports from the entry, as Vite bundles them (gardenfinance's Fontsource fonts)", () => {
    const plan = translateExport(
      treeOf({
        'package.json': JSON.stringify({
          dependencies: { '@fontsource-variable/inter': '^5.2.8', leaflet: '^1.9.4', 'some-theme': '^1.0.0' },
        }),
        'src/main.jsx': `import './index.css';\n${main}`,
        'src/App.jsx': 'export default () => <p>Hi</p>;\n',
        'src/index.css': [
          "@import '@fontsource-variable/inter';",
          '@import "leaflet/dist/leaflet.css";',
          "@import 'tw-animate-css';",
          "@import 'some-theme';",
          '@tailwind base;',
          'body { font-family: "Inter Variable"; }',
        ].join('\n'),
      }),
      'app-1',
    );
    expect(fileOf(plan, 'services/main.jsx')).toMatch(
      /^import "@fontsource-variable\/inter\/index\.css";\nimport "leaflet\/dist\/leaflet\.css";\n/,
    );
    const css = fileOf(plan, 'globals.css')!;
    expect(css).not.toMatch(/@import ['"](@fontsource|leaflet|tw-animate-css)/);
    expect(css).toContain('Inter Variable');
    expect(plan.report.packages.find((pkg) => pkg.name === '@fontsource-variable/inter')?.status).toBe(
      'on-demand',
    );
    expect(plan.report.warnings).toEqual([
      'The stylesheet imports some-theme, which names no .css file of the package; it is not loaded.',
    ]);
  });

  it("answers the older editor's @/entities, @/integrations, @/functions and Layout imports as Base44's legacySDKImports does", () => {
    const plan = translateExport(
      treeOf({
        'src/main.jsx': main,
        'src/api/base44Client.js':
          "import { createClient } from '@base44/sdk';\nexport const base44 = createClient({ appId: 'x' });\n",
        'src/App.jsx': [
          "import Layout from './Layout.jsx';",
          "import Devices from './pages/Devices';",
          'export default () => <Layout><Devices /></Layout>;',
        ].join('\n'),
        'src/Layout.jsx':
          "import Nav from '../components/Nav';\nexport default ({ children }) => <Nav>{children}</Nav>;\n",
        'src/components/Nav.jsx': 'export default ({ children }) => <nav>{children}</nav>;\n',
        'src/pages/Devices.jsx': [
          "import { VRDevice, User } from '@/entities/all';",
          "import VRApp from '@/entities/VRApp';",
          "import { InvokeLLM } from '@/integrations/Core';",
          "import { syncDevices } from '@/functions/syncDevices';",
          "import PageLayout from '../Layout.js';",
          'export default function Devices() {',
          "  return <button onClick={async () => { await VRDevice.create({ serial: 'a' }); await VRApp.list(); await User.updateMyUserData({ theme: 'dark' }); await InvokeLLM({ prompt: 'p' }); await syncDevices({}); }}>{PageLayout.name}</button>;",
          '}',
        ].join('\n'),
      }),
      'app-1',
    );
    const devices = fileOf(plan, 'pages/Devices.jsx')!;
    expect(devices).toContain("from '@/services/entities/all.js'");
    expect(devices).toContain("from '@/services/entities/VRApp.js'");
    expect(devices).toContain("from '@/services/integrations/Core.js'");
    expect(devices).toContain("from '@/services/functions/syncDevices.js'");
    expect(devices).toContain("from '@/services/Layout.jsx'");
    expect(fileOf(plan, 'services/Layout.jsx')).toContain("from '@/components/Nav.jsx'");
    const all = fileOf(plan, 'services/entities/all.js')!;
    expect(all).toContain("import { base44 } from '@/services/api/base44Client.js';");
    expect(all).toContain('export const VRDevice = base44.entities.VRDevice;');
    expect(all).toContain('export const User = legacyUser;');
    expect(all).toContain('updateMyUserData: (data) => base44.auth.updateMe(data)');
    expect(fileOf(plan, 'services/entities/VRApp.js')).toContain('export default base44.entities.VRApp;');
    expect(fileOf(plan, 'services/integrations/Core.js')).toContain(
      'export const InvokeLLM = base44.integrations.Core.InvokeLLM;',
    );
    expect(fileOf(plan, 'services/functions/syncDevices.js')).toContain(
      'export const syncDevices = (data) => base44.functions.invoke("syncDevices", data);',
    );
    expect(plan.report.entities.map((entity) => entity.name).sort()).toEqual(['VRApp', 'VRDevice']);
    expect(plan.report.warnings).toEqual([]);
  });
});

describe('npm CDN module URLs', () => {
  it('become imports of the npm package they serve, at the version the URL names unless package.json names one', () => {
    const plan = translateExport(
      treeOf({
        'src/App.jsx': [
          "import * as XLSX from 'https://cdn.sheetjs.com/xlsx-0.20.3/package/xlsx.mjs';",
          "import 'https://unpkg.com/leaflet@1.9.4/dist/leaflet.css';",
          "import confetti from 'https://cdn.jsdelivr.net/npm/canvas-confetti@1.9.3/+esm';",
          "import { nanoid } from 'https://esm.sh/nanoid@5.0.7?bundle';",
          "import jsPDF from 'jspdf';",
          'export default () => { const pdf = () => import("https://example.com/widget.js"); return <p>{XLSX.version}{nanoid()}{String(confetti)}{String(jsPDF)}{String(pdf)}</p>; };',
        ].join('\n'),
        'package.json': JSON.stringify({ dependencies: { jspdf: '^4.0.0', nanoid: '^5.1.0' } }),
      }),
      'app-1',
    );
    const app = fileOf(plan, 'services/App.jsx')!;
    expect(app).toContain("import * as XLSX from 'xlsx';");
    expect(app).toContain("import 'leaflet/dist/leaflet.css';");
    expect(app).toContain("import confetti from 'canvas-confetti';");
    expect(app).toContain("import { nanoid } from 'nanoid';");
    expect(app).toContain('import("https://example.com/widget.js")');
    // package.json stays valid (an "https:" package made it unreadable: no package at all loaded).
    // canvas-confetti is one of the built-in set's.
    expect(JSON.parse(fileOf(plan, 'package.json')!).dependencies).toEqual({
      jspdf: '^4.0.0',
      leaflet: '1.9.4',
      nanoid: '^5.1.0',
      xlsx: 'latest',
    });
    expect(plan.report.warnings).toEqual([
      "src/App.jsx: https://example.com/widget.js is a module of another site: an Atelier app's page loads scripts only from its own origin.",
    ]);
  });
});

describe('features Atelier apps do not have', () => {
  it("keep vite-plugin-pwa's imports, reported as left out (no service worker), name any other plugin's", () => {
    const plan = translateExport(
      treeOf({
        'src/App.jsx': [
          "import { registerSW } from 'virtual:pwa-register';",
          "import { useRegisterSW } from 'virtual:pwa-register/react';",
          "import routes from 'virtual:generated-pages';",
          'export default () => <p>{String(registerSW)}{String(useRegisterSW)}{String(routes)}</p>;',
        ].join('\n'),
        'package.json': JSON.stringify({ devDependencies: { 'vite-plugin-pwa': '^1.3.0' } }),
      }),
      'app-1',
    );
    expect(fileOf(plan, 'services/App.jsx')).toContain("from 'virtual:pwa-register/react';");
    expect(JSON.parse(fileOf(plan, 'package.json')!).dependencies).toEqual({});
    expect(plan.report.warnings).toEqual([
      'src/App.jsx: virtual:generated-pages is a virtual module of a Vite plugin Atelier does not have: the import does not compile.',
      "src/App.jsx: virtual:pwa-register/react is vite-plugin-pwa's: Atelier apps have no service worker and no offline mode, so it does what the plugin does where none registers (no update is ever offered, the app is never ready offline).",
      "src/App.jsx: virtual:pwa-register is vite-plugin-pwa's: Atelier apps have no service worker and no offline mode, so it does what the plugin does where none registers (no update is ever offered, the app is never ready offline).",
    ]);
  });
});

describe('agents', () => {
  it('keeps each base44/agents/<name>.jsonc as agents/<name>.jsonc, listed in the report', () => {
    const agent = '{\n  // the QA agent\n  "instructions": "Answer briefly.",\n  "tool_configs": [],\n}\n';
    const plan = translateExport(
      treeOf({
        'src/App.jsx': 'export default () => <p>Hi</p>;',
        'base44/agents/qa_expert.jsonc': agent,
        'base44/agents/bad name.jsonc': '{}',
      }),
      'app-1',
    );
    expect(fileOf(plan, 'agents/qa_expert.jsonc')).toBe(agent);
    expect(plan.report.agents).toEqual([{ name: 'qa_expert', path: 'agents/qa_expert.jsonc' }]);
    expect(plan.report.files.skipped).toContainEqual({
      path: 'base44/agents/bad name.jsonc',
      reason: 'Its name is not a usable agent name.',
    });
    expect(plan.report.warnings).toEqual([]);
  });
});

describe('exportRootOf', () => {
  it('finds the export in a folder of the repository when the root has none', () => {
    const tree = treeOf({
      'README.md': '# repo',
      'src/api/base44Client.js': '// a stray copy',
      'collab-ai-686b2c24 (1)/package.json': '{}',
      'collab-ai-686b2c24 (1)/src/main.jsx': 'main',
      'collab-ai-686b2c24 (1)/src/pages/Home.jsx': 'home',
      'old/deeper/copy/src/main.jsx': 'older',
    });
    expect([...exportRootOf(tree).keys()].sort()).toEqual([
      'package.json',
      'src/main.jsx',
      'src/pages/Home.jsx',
    ]);
    const atRoot = treeOf({ 'src/App.jsx': 'app', 'frontend/src/main.jsx': 'other' });
    expect(exportRootOf(atRoot)).toBe(atRoot);
  });

  it("puts code copied out of Base44's editor (Pages/, Components/, Entities/, Layout.js; no src/) in an export's shape that routes its pages in its Layout", () => {
    const copy = exportRootOf(
      treeOf({
        'README.md': '# copied from Base44',
        'app/Layout.js':
          "import { Link } from 'react-router-dom';\nimport { createPageUrl } from '@/utils';\nexport default function Layout({ children, currentPageName }) {\n  return <main><Link to={createPageUrl('Stats')}>{currentPageName}</Link>{children}</main>;\n}\n",
        'app/Pages/Dashboard.jsx':
          "import { Feedback } from '@/entities/Feedback';\nimport { Card } from '@/components/ui/card';\nimport Tile from '../components/dashboard/Tile';\nexport default function Dashboard() {\n  Feedback.list();\n  return <Card><Tile /></Card>;\n}\n",
        'app/Pages/Stats.jsx': 'export default function Stats() {\n  return <p>Stats</p>;\n}\n',
        'app/Components/dashboard/Tile.jsx': 'export default function Tile() {\n  return <b>Tile</b>;\n}\n',
        'app/Entities/Feedback.json': JSON.stringify({
          name: 'Feedback',
          type: 'object',
          properties: { text: { type: 'string' } },
        }),
      }),
    );
    expect([...copy.keys()].sort()).toEqual([
      'entities/Feedback.json',
      'src/App.jsx',
      'src/Layout.jsx',
      'src/components/dashboard/Tile.jsx',
      'src/pages/Dashboard.jsx',
      'src/pages/Stats.jsx',
      'src/utils/index.js',
    ]);
    const plan = translateExport(copy, 'app-1');
    const app = fileOf(plan, 'services/App.jsx') ?? '';
    expect(app).toContain("import Layout from '@/services/Layout.jsx';");
    expect(app).toContain('<Route path="/" element={<Page0 />} />');
    expect(app).toContain('<Route path="/Stats" element={<Page1 />} />');
    expect(app).toContain('<Layout currentPageName={currentPage}>');
    expect(fileOf(plan, 'services/main.jsx')).toContain('import App from "@/services/App.jsx";');
    // What Base44 generated around the copy: the entity, its SDK module, createPageUrl, shadcn's card.
    expect(fileOf(plan, 'entities/Feedback.json')).toContain('"text"');
    expect(fileOf(plan, 'services/entities/Feedback.js')).toContain('base44.entities.Feedback');
    expect(fileOf(plan, 'utils/index.js')).toContain('export function createPageUrl');
    expect(fileOf(plan, 'components/ui/card.jsx')).toContain('function Card');
    expect(fileOf(plan, 'lib/utils.js')).toContain('export function cn');
    expect(fileOf(plan, 'components/dashboard/Tile.jsx')).toContain('<b>Tile</b>');
    expect(plan.report.warnings).toEqual([]);
    expect(plan.report.translated[0]).toMatch(/copied out of Base44's editor/);

    // Next.js's pages/ is not Base44's editor's.
    const next = treeOf({ 'pages/_app.js': 'app', 'pages/Home.jsx': 'home', 'Layout.js': 'layout' });
    expect(exportRootOf(next)).toBe(next);
  });
});

describe('built-in packages at the lock’s version', () => {
  it('installs on demand the version of a built-in package the lock installed below on-demand ones when the set’s does not fit (three 0.155 below drei)', () => {
    const plan = translateExport(
      treeOf({
        'src/App.jsx':
          "import { Stars } from '@react-three/drei';\nimport { format } from 'date-fns';\nexport default () => <Stars title={format(new Date(), 'P')} />;\n",
        'package.json': JSON.stringify({
          dependencies: { '@react-three/drei': '^9.88.17', three: '^0.155.0', 'date-fns': '^3.6.0' },
        }),
        'package-lock.json': JSON.stringify({
          packages: {
            'node_modules/@react-three/drei': {
              version: '9.88.17',
              dependencies: { 'three-stdlib': '^2.29.4' },
              peerDependencies: { three: '>=0.137' },
            },
            'node_modules/three-stdlib': { version: '2.36.0', peerDependencies: { three: '>=0.128.0' } },
            'node_modules/three': { version: '0.155.0' },
            'node_modules/date-fns': { version: '3.6.0' },
          },
        }),
      }),
      'app-1',
    );
    const manifest = JSON.parse(fileOf(plan, 'package.json')!);
    expect(manifest.dependencies).toEqual({ '@react-three/drei': '^9.88.17', three: '0.155.0' });
    expect(manifest.lockedVersions).toEqual({ '@react-three/drei': '9.88.17', 'three-stdlib': '2.36.0' });
    // date-fns, which only the app's own code imports, stays the set's.
    expect(plan.report.packages).toEqual([
      { name: '@react-three/drei', status: 'on-demand' },
      { name: 'date-fns', status: 'built-in' },
      { name: 'three', status: 'on-demand' },
    ]);
  });
});

describe('unsetEnvNames', () => {
  it('lists the environment names the code reads that no page sets (an export’s .env is not in its repository)', () => {
    const plan = translateExport(
      treeOf({
        'src/App.jsx': [
          'const url = import.meta.env.VITE_SUPABASE_URL;',
          "const key = import.meta.env['VITE_SUPABASE_ANON_KEY'];",
          'const id = import.meta.env.VITE_BASE44_APP_ID;',
          'const mode = [import.meta.env.MODE, process.env.NODE_ENV, process.env.REACT_APP_MAPS_KEY];',
          'export default () => <p>{url}{key}{id}{mode}</p>;',
        ].join('\n'),
      }),
      'app-1',
    );
    // Supabase's names point at the app's Supabase-compatible API (features/supabase/page-env.ts).
    expect(plan.report.unsetEnv).toEqual(['REACT_APP_MAPS_KEY']);
  });
});

describe('exportAppName', () => {
  const template = treeOf({
    'index.html': '<title>Base44 APP</title>',
    'package.json': JSON.stringify({ name: 'base44-app' }),
  });

  it("takes the page's title, else package.json's name, when they are the app's own", () => {
    expect(exportAppName(treeOf({ 'index.html': '<title>Clinic Desk</title>' }))).toBe('Clinic Desk');
    expect(exportAppName(treeOf({ 'package.json': JSON.stringify({ name: 'clinic-desk' }) }))).toBe(
      'clinic desk',
    );
  });

  it("takes the name base44/config.jsonc gives (JSON with comments) over package.json's", () => {
    const config = treeOf({
      'index.html': '<title>Base44 APP</title>',
      'package.json': JSON.stringify({ name: 'youneek-time' }),
      'base44/config.jsonc': '// Base44 Project Configuration\n{\n  "name": "YouNeeK Time",\n}\n',
    });
    expect(exportAppName(config, 'youneek-time-main.zip')).toBe('YouNeeK Time');
  });

  it("names an app that kept Base44's template names after its repository or zip", () => {
    expect(exportAppName(template, 'doditz/neurobase44@main')).toBe('neurobase44');
    expect(exportAppName(template, 'neurobase44-main.zip')).toBe('neurobase44');
    expect(exportAppName(template, 'clinic_desk.zip')).toBe('clinic desk');
    expect(exportAppName(template, 'upload.zip')).toBe('Imported Base44 app');
    expect(exportAppName(template)).toBe('Imported Base44 app');
  });
});

describe("the export's .env files", () => {
  const app = {
    'index.html': '<title>Maps</title>',
    'src/main.jsx':
      "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<p>{import.meta.env.VITE_MAPS_KEY}{import.meta.env.VITE_SUPABASE_URL}</p>);\n",
  };

  it("become the app's .env with the VITE_ values Vite's build would read, later files winning", () => {
    const plan = translateExport(
      treeOf({
        ...app,
        '.env': 'VITE_MAPS_KEY=from-env\nVITE_BASE44_APP_ID=abc\nDATABASE_URL=postgres://secret\n',
        '.env.production':
          'VITE_MAPS_KEY = "from production"\nVITE_SUPABASE_SERVICE_ROLE_KEY=eyJ\nVITE_NOTE=`it\'s "quoted"`\n',
        '.env.example': 'VITE_MAPS_KEY=example\n',
      }),
      'app-1',
    );
    const env = fileOf(plan, '.env') ?? '';
    expect(parseEnv(env)).toEqual({
      VITE_MAPS_KEY: 'from production',
      VITE_SUPABASE_SERVICE_ROLE_KEY: 'eyJ',
      VITE_NOTE: 'it\'s "quoted"',
    });
    expect(plan.report.translated).toContain(
      ".env: VITE_MAPS_KEY, VITE_NOTE, VITE_SUPABASE_SERVICE_ROLE_KEY from the export's .env, .env.production, as Vite gives them to the page (the code editor's Environment group).",
    );
    expect(plan.report.translated).toContain(
      "1 names of the export's .env files without the VITE_ prefix were left out: Vite does not give them to the page.",
    );
    expect(plan.report.warnings).toContain(
      "VITE_SUPABASE_SERVICE_ROLE_KEY looks like a secret, and every VITE_ value is public in the page (as under Vite): keep it in the app's secrets, for its functions.",
    );
    // What the .env sets is not reported as unset; what nothing sets still is.
    expect(plan.report.unsetEnv).toEqual([]);
    expect(translateExport(treeOf(app), 'app-1').report.unsetEnv).toEqual(['VITE_MAPS_KEY']);
  });

  it('writes each value as a line that reads back the same, and leaves out one no quoting can hold', () => {
    for (const value of ['plain', 'a # b', "it's", 'say "hi"', 'two\nlines', 'back\\slash'])
      expect(parseEnv(envLine('VITE_X', value) ?? '').VITE_X).toBe(value);
    expect(envLine('VITE_X', 'it\'s `all` "three"\nand a line')).toBeUndefined();
  });
});
