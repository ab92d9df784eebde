import { describe, expect, it } from 'vitest';
import { renderGenerated } from '../../../test/support/render-generated.ts';
import { templateFiles } from '../apps/template/index.ts';
import { entitySchema, fieldsFromSchema, inferFields } from './entity-fields.ts';
import { findAppTitle, findNavItemsBlock, layoutFile, navItemsOf, pagePath } from './layout-generator.ts';
import { entityPage, entityPageName, fieldsBlock, findFieldsBlock, staticPage } from './page-generator.ts';

const pages = [
  {
    entity: 'Contact',
    page: 'Contacts',
    heading: 'Contacts',
    labels: ['Name', 'Email', 'Phone', 'Company'],
    button: 'Add contact',
  },
  {
    entity: 'Deal',
    page: 'Deals',
    heading: 'Deals',
    labels: ['Title', 'Amount', 'Stage', 'Close date'],
    button: 'Add deal',
  },
  {
    entity: 'Task',
    page: 'Tasks',
    heading: 'Tasks',
    labels: ['Title', 'Done', 'Due date', 'Priority'],
    button: 'Add task',
  },
  {
    entity: 'Book',
    page: 'Books',
    heading: 'Books',
    labels: ['Title', 'Author', 'Year', 'Genre'],
    button: 'Add book',
  },
  {
    entity: 'PurchaseOrder',
    page: 'PurchaseOrders',
    heading: 'Purchase orders',
    labels: ['Reference', 'Customer', 'Total', 'Status', 'Order date'],
    button: 'Add purchase order',
  },
  {
    entity: 'Gizmo',
    page: 'Gizmos',
    heading: 'Gizmos',
    labels: ['Name', 'Description', 'Status'],
    button: 'Add gizmo',
  },
];

describe('entity pages of the offline assistant', () => {
  it.each(pages)(
    'the $entity page compiles with esbuild and renders its heading, form and table with React 19',
    async ({ entity, page, heading, labels, button }) => {
      expect(entityPageName(entity)).toBe(page);
      const content = entityPage({ entity, fields: inferFields(entity) });
      const html = await renderGenerated([{ path: `pages/${page}.tsx`, content }], {
        entry: `pages/${page}.tsx`,
      });
      expect(html).toContain(`<h1 class="text-2xl font-semibold tracking-tight">${heading}</h1>`);
      for (const label of labels) {
        // The template's shadcn/ui Label and TableHead.
        expect(html).toMatch(
          new RegExp(`<label data-slot="label" class="[^"]+" for="field-\\w+">${label}</label>`),
        );
        expect(html).toMatch(new RegExp(`<th data-slot="table-head" class="[^"]+">${label}</th>`));
      }
      expect(content).toContain("from '@/components/ui/button'");
      expect(html).toContain(button);
      expect(html).toContain('Loading…');
      expect(content).toContain(`entities.${entity}.list('-createdAt', 50)`);
      expect(content).toContain(`entities.${entity}.create(record)`);
    },
  );

  it('gives each field the input its kind needs', async () => {
    const content = entityPage({ entity: 'Deal', fields: inferFields('Deal') });
    const html = await renderGenerated([{ path: 'pages/Deals.tsx', content }], { entry: 'pages/Deals.tsx' });
    expect(html).toContain('type="number"');
    expect(html).toContain('type="date"');
    // The stage is a shadcn/ui Select (Radix) over the FIELDS options: its list opens on click.
    expect(html).toMatch(/<button type="button" role="combobox"[^>]*id="field-stage"/);
    expect(html).toContain('Choose…');
    expect(content).toContain("options: ['Lead', 'Qualified', 'Proposal', 'Won', 'Lost']");
  });

  it('keeps the fields in one FIELDS block that can be found and rewritten', () => {
    const fields = inferFields('Contact');
    const content = entityPage({ entity: 'Contact', fields });
    expect(findFieldsBlock(content)).toBe(fieldsBlock(fields));
  });

  it('reads back the fields of the entity schema it writes', () => {
    for (const { entity } of pages) {
      const fields = inferFields(entity);
      expect(fieldsFromSchema(entitySchema(entity, fields))).toEqual(fields);
    }
  });

  it('writes a static page that renders its title', async () => {
    const html = await renderGenerated(
      [{ path: 'pages/About.tsx', content: staticPage({ pageName: 'About', title: 'About' }) }],
      {
        entry: 'pages/About.tsx',
      },
    );
    expect(html).toContain('>About</h1>');
  });
});

describe('the layout of the offline assistant', () => {
  it("is the template's Layout.tsx with its title and links filled in: one layout", () => {
    const template = templateFiles('CRM').find((file) => file.path === 'Layout.tsx')!.content;
    const nav = [
      { to: '/', label: 'Home' },
      { to: '/deals', label: "Deals 'won'" },
    ];
    const layout = layoutFile({ title: "Bob's CRM", nav });
    const frame = (text: string) =>
      text.replace(/^const APP_TITLE = .*$/m, 'TITLE').replace(/const NAV_ITEMS = \[[\s\S]*?\];/, 'NAV');
    expect(frame(layout)).toBe(frame(template));
    expect(findAppTitle(layout)?.title).toBe("Bob's CRM");
    expect(findAppTitle(template)?.title).toBe('CRM');
    expect(navItemsOf(findNavItemsBlock(layout)!)).toEqual(nav);
    expect(navItemsOf(findNavItemsBlock(template)!)).toEqual([{ to: '/', label: 'Home' }]);
  });

  it('renders the app title, a link per page and the page inside', async () => {
    const layout = layoutFile({
      title: 'CRM',
      nav: [
        { to: pagePath('Home'), label: 'Home' },
        { to: pagePath('Contacts'), label: 'Contacts' },
        { to: pagePath('PurchaseOrders'), label: 'Purchase orders' },
      ],
    });
    const html = await renderGenerated([{ path: 'Layout.tsx', content: layout }], {
      entry: 'Layout.tsx',
      location: '/contacts',
    });
    expect(html).toContain('</svg></span>CRM</a>');
    expect(html).toContain('href="/"');
    expect(html).toContain('href="/contacts"');
    expect(html).toContain('href="/purchase-orders"');
    expect(html).toMatch(
      /<a aria-current="page" class="[^"]*bg-muted text-foreground[^"]*" href="\/contacts"/,
    );
    expect(html).toContain('<p id="page-slot">page</p>');
  });
});
