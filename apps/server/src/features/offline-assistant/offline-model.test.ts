import { OFFLINE_MODEL_ID, permissionChangeRequest } from '@atelier/shared';
import { streamText } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyActionText, type TreeFile } from '../../../test/support/apply-actions.ts';
import { renderGenerated } from '../../../test/support/render-generated.ts';
import { builderSystemPrompt, toolRunSystemPrompt } from '../../platform/llm/prompts/index.ts';
import { templateFiles } from '../apps/template/index.ts';
import { createOfflineModel } from './offline-model.ts';

/** A new app as the apps feature might create it: a plain layout and a home page. */
const TEMPLATE: TreeFile[] = [
  {
    path: 'Layout.tsx',
    content:
      'import type { ReactNode } from \'react\';\n\nexport default function Layout({ children }: { children: ReactNode }) {\n  return <main className="p-6">{children}</main>;\n}\n',
  },
  { path: 'pages/Home.tsx', content: 'export default function Home() {\n  return <h1>Welcome</h1>;\n}\n' },
];

async function ask(files: readonly TreeFile[], message: string, appName = '') {
  const result = streamText({
    model: createOfflineModel(),
    system: builderSystemPrompt({ appName, files }),
    prompt: message,
  });
  const deltas: string[] = [];
  for await (const delta of result.textStream) deltas.push(delta);
  return { text: deltas.join(''), deltas };
}

/** Every page and the layout of a tree compile and render. */
async function renderAll(files: readonly TreeFile[]) {
  const html: Record<string, string> = {};
  for (const file of files) {
    if (file.path === 'Layout.tsx' || /^pages\/.+\.tsx$/.test(file.path)) {
      html[file.path] = await renderGenerated(files, { entry: file.path });
    }
  }
  return html;
}

const entityOf = (files: readonly TreeFile[], name: string) =>
  JSON.parse(files.find((file) => file.path === `entities/${name}.json`)!.content) as {
    properties: Record<string, { type: string; format?: string; enum?: string[] }>;
    rls: { read: string; write: string };
  };
const fileOf = (files: readonly TreeFile[], path: string) =>
  files.find((file) => file.path === path)?.content ?? '';

let crm: TreeFile[];

beforeAll(async () => {
  crm = applyActionText(TEMPLATE, (await ask(TEMPLATE, 'Create a CRM with contacts and deals')).text).files;
});

describe('offline assistant: the first generation replaces the template (issue 19 item 6)', () => {
  it('replaces the starter Home with a page for what was asked and removes the unused Item entity', async () => {
    const template = templateFiles('Recipe Planner');
    expect(fileOf(template, 'pages/Home.tsx')).toContain('Your app is ready.');
    const { text } = await ask(
      template,
      'A recipe planner where I save recipes with ingredients and tags',
      'Recipe Planner',
    );
    const { files } = applyActionText(template, text);
    expect(files.map((file) => file.path)).not.toContain('entities/Item.json');
    // One name: the app's own, in the nav and on the home page.
    expect(fileOf(files, 'Layout.tsx')).toContain("const APP_TITLE = 'Recipe Planner';");
    const home = fileOf(files, 'pages/Home.tsx');
    expect(home).not.toContain('entities.Item');
    expect(home).toContain("to: '/ingredients'");
    const html = await renderAll(files);
    expect(html['pages/Home.tsx']).toContain('Recipe Planner');
    expect(html['pages/Home.tsx']).toContain(
      'Keep track of your recipes, ingredients and tags in one place.',
    );
    for (const page of Object.values(html)) {
      expect(page).not.toMatch(/ask the (chat|assistant)|connect a model|your app is ready/i);
    }
  });

  it('keeps Item when the app asks for it', async () => {
    const template = templateFiles('Shop');
    const { text } = await ask(template, 'Create an app with items and orders');
    const { files } = applyActionText(template, text);
    expect(files.map((file) => file.path)).toContain('entities/Item.json');
    expect(fileOf(files, 'pages/Home.tsx')).not.toContain('Your app is ready.');
  });
});

describe('offline assistant: creating an app', () => {
  it.each([
    ['Create a CRM with contacts and deals', ['Contact', 'Deal'], ['Contacts', 'Deals']],
    ['a CRM with contacts and deals', ['Contact', 'Deal'], ['Contacts', 'Deals']],
    ['Build an app to track books and authors', ['Book', 'Author'], ['Books', 'Authors']],
    [
      'I need a simple inventory app with products, suppliers and purchase orders',
      ['Product', 'Supplier', 'PurchaseOrder'],
      ['Products', 'Suppliers', 'PurchaseOrders'],
    ],
  ])(
    '"%s" writes one entity and one page per entity, a linked layout and the colours',
    async (message, entities, pages) => {
      const { text } = await ask(TEMPLATE, message);
      const { files, actions } = applyActionText(TEMPLATE, text);
      const described = actions.map((a) => `${a.type} ${a.attributes.entity ?? a.attributes.path}`);
      // The template's shadcn/ui files the pages import, added first (this tree predates them).
      const ui = described.filter((action) => /^add_file (components\/ui|lib)\//.test(action));
      expect(ui).toEqual(
        expect.arrayContaining(['add_file components/ui/button.jsx', 'add_file lib/utils.js']),
      );
      expect(described.slice(0, ui.length)).toEqual(ui);
      expect(described.slice(ui.length)).toEqual([
        ...entities.flatMap((entity, i) => [`add_entity ${entity}`, `add_file pages/${pages[i]}.tsx`]),
        'edit_file Layout.tsx',
        'add_file globals.css',
      ]);
      const html = await renderAll(files);
      for (const page of ['Home', ...pages]) {
        const href = page === 'Home' ? '/' : `/${page.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}`;
        expect(html['Layout.tsx']).toContain(`href="${href}"`);
      }
      expect(html[`pages/${pages[0]}.tsx`]).toContain('<table');
      expect(fileOf(files, 'globals.css')).toContain('--color-primary:');
    },
  );

  it('infers fields from the entity names and keeps the default permissions', () => {
    const contact = entityOf(crm, 'Contact');
    expect(Object.keys(contact.properties)).toEqual(['name', 'email', 'phone', 'company']);
    expect(contact.properties.email!.format).toBe('email');
    expect(contact.rls).toEqual({ read: 'creator', write: 'creator' });
    const deal = entityOf(crm, 'Deal');
    expect(Object.keys(deal.properties)).toEqual(['title', 'amount', 'stage', 'closeDate']);
    expect(deal.properties.amount!.type).toBe('number');
    expect(deal.properties.stage!.enum).toEqual(['Lead', 'Qualified', 'Proposal', 'Won', 'Lost']);
    expect(deal.properties.closeDate!.format).toBe('date-time');
  });

  it('explains the change in a short friendly text outside the tags', async () => {
    const { text } = await ask(TEMPLATE, 'Create a CRM with contacts and deals');
    expect(
      text.startsWith(
        'I made a CRM: a page for each of **Contacts** and **Deals** where you add records and see them in a table',
      ),
    ).toBe(true);
    expect(text.trimEnd().endsWith('Open **Contacts** in the navigation to add your first record.')).toBe(
      true,
    );
  });

  it('says what it made from the request and the fields it assumed, not another app (issue 23 #27)', async () => {
    const { text } = await ask(TEMPLATE, 'A habit list with a streak count', 'Morning Routine');
    const { files } = applyActionText(TEMPLATE, text);
    expect(text).toMatch(/^I made a habit list with a streak count: a \*\*Habits\*\* page/);
    expect(text).toContain('I assumed these fields for a habit: name,');
    expect(text).toContain('streak count (number)');
    expect(text).toContain('Ask me to add a field ("Add a notes field to Habit")');
    // The app keeps its own name (in the layout); the reply describes what was asked.
    expect(text.split(/<atelier-action/i)[0]).not.toContain('Morning Routine');
    expect(fileOf(files, 'Layout.tsx')).toContain("const APP_TITLE = 'Morning Routine';");
    expect(entityOf(files, 'Habit').properties.streakCount).toEqual({
      type: 'number',
      title: 'Streak count',
    });
  });
});

interface ChangeCase {
  message: string;
  actions: string[];
  check?: (files: TreeFile[], html: Record<string, string>) => void;
}

const changes: ChangeCase[] = [
  {
    message: 'Add a number field called budget to Deal',
    actions: ['edit_entity Deal', 'partial_edit pages/Deals.tsx'],
    check: (files, html) => {
      expect(entityOf(files, 'Deal').properties.budget).toEqual({ type: 'number', title: 'Budget' });
      expect(html['pages/Deals.tsx']).toContain('>Budget</th>');
    },
  },
  {
    message: 'add a birthday field to contacts',
    actions: ['edit_entity Contact', 'partial_edit pages/Contacts.tsx'],
    check: (files) => expect(entityOf(files, 'Contact').properties.birthday!.format).toBe('date-time'),
  },
  {
    message: 'Add a select field status with options open, won, lost to Deal',
    actions: ['edit_entity Deal', 'partial_edit pages/Deals.tsx'],
    check: (files) =>
      expect(entityOf(files, 'Deal').properties.status!.enum).toEqual(['Open', 'Won', 'Lost']),
  },
  {
    message: 'Add a Product entity with name, price and stock',
    actions: ['add_entity Product', 'add_file pages/Products.tsx', 'partial_edit Layout.tsx'],
    check: (files, html) => {
      expect(Object.keys(entityOf(files, 'Product').properties)).toEqual(['name', 'price', 'stock']);
      expect(html['Layout.tsx']).toContain('href="/products"');
    },
  },
  {
    message: 'Add an About page',
    actions: ['add_file pages/About.tsx', 'partial_edit Layout.tsx'],
    check: (_files, html) => {
      expect(html['pages/About.tsx']).toContain('>About</h1>');
      expect(html['Layout.tsx']).toContain('href="/about"');
    },
  },
  {
    message: 'Change the permissions of the Contact entity: all can read, creator can write',
    actions: ['edit_entity Contact'],
    check: (files) => expect(entityOf(files, 'Contact').rls).toEqual({ read: 'all', write: 'creator' }),
  },
  {
    message: permissionChangeRequest('Deal', { read: 'admin', write: 'anonymous' }),
    actions: ['edit_entity Deal'],
    check: (files) => expect(entityOf(files, 'Deal').rls).toEqual({ read: 'admin', write: 'anonymous' }),
  },
  {
    message: 'Set the permissions of deals: only admins can view, anyone can submit',
    actions: ['edit_entity Deal'],
    check: (files) => expect(entityOf(files, 'Deal').rls).toEqual({ read: 'admin', write: 'anonymous' }),
  },
  {
    message: 'Change "Contacts" to "People"',
    actions: ['partial_edit Layout.tsx', 'partial_edit pages/Contacts.tsx'],
    check: (files, html) => {
      expect(html['Layout.tsx']).toContain('>People</a>');
      expect(html['pages/Contacts.tsx']).toContain('>People</h1>');
      expect(fileOf(files, 'pages/Contacts.tsx')).toContain('entities.Contact.list');
    },
  },
  {
    message: 'Rename the app to "Acme CRM"',
    actions: ['partial_edit Layout.tsx'],
    check: (_files, html) => expect(html['Layout.tsx']).toContain('</span>Acme CRM</a>'),
  },
  {
    message: 'Change the primary colour to emerald',
    actions: ['partial_edit globals.css'],
    check: (files) => expect(fileOf(files, 'globals.css')).toContain('  --color-primary: #059669;'),
  },
  {
    message: 'Set the background colour to #fafaf9',
    actions: ['partial_edit globals.css'],
    check: (files) => expect(fileOf(files, 'globals.css')).toContain('  --color-background: #fafaf9;'),
  },
];

describe('offline assistant: changing an app', () => {
  it.each(changes)(
    '"$message" produces a valid action stream that applies to the app',
    async ({ message, actions, check }) => {
      const { text } = await ask(crm, message);
      const applied = applyActionText(crm, text);
      expect(applied.actions.map((a) => `${a.type} ${a.attributes.entity ?? a.attributes.path}`)).toEqual(
        actions,
      );
      const html = await renderAll(applied.files);
      check?.(applied.files, html);
    },
  );

  it.each([
    [
      'Add a number field called budget to Invoice',
      "I couldn't find an entity named **Invoice**. The app's entities are **Contact** and **Deal**.",
    ],
    ['Add a phone field to Contact', '**Contact** already has a **phone** field.'],
    ['Add a Deal entity', 'The app already has a **Deal** entity.'],
    ['Change "Nonexistent words" to "Other"', 'I couldn\'t find the text "Nonexistent words"'],
  ])('"%s" changes nothing and says why', async (message, explanation) => {
    const { text } = await ask(crm, message);
    expect(applyActionText(crm, text).actions).toEqual([]);
    expect(text).toContain(explanation);
  });

  it('answers a request outside its set plainly, with what it can do and how to configure a model', async () => {
    const { text } = await ask(crm, 'Write me a poem about the sea');
    expect(applyActionText(crm, text).actions).toEqual([]);
    expect(text).toContain("Sorry, I can't do that.");
    expect(text).toContain('Create a CRM with contacts and deals');
    expect(text).toContain('OPENAI_API_KEY');
    expect(text).toContain('ANTHROPIC_API_KEY');
  });
});

describe('offline assistant as a model', () => {
  it('streams its answer in several chunks, the same answer every time', async () => {
    const first = await ask(TEMPLATE, 'Create a CRM with contacts and deals');
    const second = await ask(TEMPLATE, 'Create a CRM with contacts and deals');
    expect(first.deltas.length).toBeGreaterThan(20);
    expect(second.text).toBe(first.text);
  });

  it('names itself and reports usage', async () => {
    const model = createOfflineModel();
    expect(model.modelId).toBe(OFFLINE_MODEL_ID);
    const result = streamText({ model, prompt: 'help' });
    await result.consumeStream();
    const usage = await result.usage;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
  });

  it('stops streaming when the call is aborted', async () => {
    const controller = new AbortController();
    const result = streamText({
      model: createOfflineModel({ chunkSize: 8 }),
      system: builderSystemPrompt({ appName: 'Test', files: TEMPLATE }),
      prompt: 'Create a CRM with contacts and deals',
      abortSignal: controller.signal,
    });
    let received = '';
    for await (const delta of result.textStream) {
      received += delta;
      if (received.length > 40) controller.abort();
    }
    expect(received.length).toBeLessThan(200);
  });

  it('writes a tool result from the filled prompt and the retrieved passages', async () => {
    const result = streamText({
      model: createOfflineModel(),
      system: toolRunSystemPrompt({
        toolTitle: 'Trip planner',
        passages: [
          {
            source: 'guides/porto.pdf',
            text: 'Porto is known for port wine cellars along the river.',
            score: 0.4,
          },
          {
            source: 'guides/lisbon.pdf',
            text: 'Lisbon museums: the Gulbenkian and the tile museum are open on weekends.',
            score: 0.3,
          },
        ],
      }),
      prompt: 'Plan a weekend in Lisbon with museums',
    });
    const text = await result.text;
    expect(text).toContain('## Trip planner');
    // The request is the builder's hidden prompt filled in: never restated (issue 20 #13).
    expect(text).not.toContain('Plan a weekend');
    expect(text.indexOf('Lisbon museums: the Gulbenkian')).toBeLessThan(text.indexOf('Porto is known'));
    expect(text).toContain('_(guides/lisbon.pdf)_');
    expect(text).not.toContain('<atelier-action');
  });
});
