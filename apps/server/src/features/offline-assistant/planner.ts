import {
  type ActionInput,
  type EntitySchemaDocument,
  entityFilePath,
  type JsonObject,
  OFFLINE_CAPABILITIES,
  type PermissionRole,
  serializeAction,
} from '@atelier/shared';
import type { AppFile } from '../../platform/llm/prompts/index.ts';
import { AppTree } from './app-tree.ts';
import {
  entitySchema,
  type FieldSpec,
  fieldFromRequest,
  fieldsFromSchema,
  inferFields,
} from './entity-fields.ts';
import {
  appTitleLine,
  findAppTitle,
  findNavItemsBlock,
  layoutFile,
  type NavItem,
  navItemsBlock,
  navItemsOf,
  navTargets,
  pagePath,
} from './layout-generator.ts';
import {
  entityPage,
  entityPageName,
  fieldsBlock,
  findFieldsBlock,
  homePage,
  pageFilePath,
  staticPage,
} from './page-generator.ts';
import type { FieldRequest, OfflineRequest } from './requests.ts';
import { missingTemplateFiles } from './template-ui.ts';
import { DEFAULT_THEME, findColourLine, globalsCss, resolveColour, themeBlock } from './theme.ts';
import { labelOf, pluralLabel } from './words.ts';

/** A reply of the offline assistant: a short explanation, the actions, and a closing line. */
export interface OfflineReply {
  intro: string;
  actions: ActionInput[];
  outro?: string;
}

export const CONFIGURE_HINT =
  'For anything else, connect a real model: set `OPENAI_API_KEY` (or `OPENAI_BASE_URL` for OpenRouter, Ollama, vLLM or LiteLLM) or `ANTHROPIC_API_KEY` and restart Atelier, or ask an admin to set it up under Admin → AI models.';

/** The help reply's list (OFFLINE_CAPABILITIES: the chat offers the same examples as suggestions). */
const quoted = (example: string) => (example.includes('"') ? `'${example}'` : `"${example}"`);
export const CAPABILITIES = `I'm the offline assistant: I work without an AI model and understand these requests:

${OFFLINE_CAPABILITIES.map(({ label, example }) => `- **${label}**: ${quoted(example)}`).join('\n')}`;

/** The text of a reply, in the action-tag protocol. */
export function renderReply(reply: OfflineReply): string {
  const parts = [reply.intro, ...reply.actions.map(serializeAction)];
  if (reply.outro) parts.push(reply.outro);
  return `${parts.join('\n\n')}\n`;
}

/**
 * Plans the reply to a request against the app's current files. Deterministic. A new app keeps
 * the name the builder gave it (`appName`): one name on the card, in the nav and when publishing.
 */
export function planReply(
  request: OfflineRequest,
  files: readonly AppFile[],
  appName?: string,
): OfflineReply {
  const tree = new AppTree(files);
  const reply = plan(tree, request, appName);
  const ui = missingTemplateFiles(tree, reply.actions);
  return ui.length > 0 ? { ...reply, actions: [...ui, ...reply.actions] } : reply;
}

function plan(tree: AppTree, request: OfflineRequest, appName: string | undefined): OfflineReply {
  switch (request.kind) {
    case 'create_app':
      return createApp(tree, appName?.trim() || request.title, request);
    case 'add_entity':
      return addEntity(
        tree,
        request.entity,
        request.fields.map((field) => fieldFromRequest(field.name, field.kind, field.options)),
      );
    case 'add_field':
      return addField(
        tree,
        request.entity,
        fieldFromRequest(request.field.name, request.field.kind, request.field.options),
      );
    case 'add_page':
      return addPage(tree, request.page);
    case 'set_permissions':
      return setPermissions(tree, request.entity, request.read, request.write);
    case 'replace_text':
      return replaceText(tree, request.from, request.to);
    case 'set_title':
      return setTitle(tree, request.title);
    case 'set_colour':
      return setColour(tree, request.target, request.colour);
    case 'help':
      return { intro: `${CAPABILITIES}\n\n${CONFIGURE_HINT}`, actions: [] };
    default:
      return {
        intro: `Sorry, I can't do that. ${CAPABILITIES.replace("I'm the offline assistant: I", 'I am the offline assistant, so I')}\n\n${CONFIGURE_HINT}`,
        actions: [],
      };
  }
}

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const bold = (text: string) => `**${text}**`;

interface PageAddition {
  pageName: string;
  action: ActionInput;
  nav: NavItem;
}

function entityPageAddition(
  tree: AppTree,
  entity: string,
  fields: readonly FieldSpec[],
): PageAddition | undefined {
  const pageName = entityPageName(entity);
  if (tree.findPage(pageName)) return undefined;
  return {
    pageName,
    action: {
      type: 'add_file',
      path: pageFilePath(pageName),
      title: `Add the ${pluralLabel(entity).toLowerCase()} page`,
      content: entityPage({ entity, fields }),
    },
    nav: { to: pagePath(pageName), label: pluralLabel(entity) },
  };
}

/** The layout change that links new pages: a NAV_ITEMS edit, or a whole new layout. */
function linkPages(tree: AppTree, nav: readonly NavItem[], title?: string): ActionInput | undefined {
  if (nav.length === 0 && !title) return undefined;
  const layout = tree.read('Layout.tsx');
  const block = layout === undefined || title ? undefined : findNavItemsBlock(layout);
  if (layout !== undefined && block) {
    const existing = new Set(navTargets(block));
    const added = nav.filter((item) => !existing.has(item.to));
    if (added.length === 0) return undefined;
    const next = navItemsBlock([...navItemsOf(block), ...added]);
    return {
      type: 'partial_edit',
      path: 'Layout.tsx',
      title: 'Link the new pages',
      edits: [{ search: block, replace: next }],
    };
  }
  const known = new Set(nav.map((item) => item.to));
  const fullNav = [...tree.navItems().filter((item) => !known.has(item.to)), ...nav];
  const appTitle = title ?? (layout ? findAppTitle(layout)?.title : undefined) ?? 'My app';
  return {
    type: layout === undefined ? 'add_file' : 'edit_file',
    path: 'Layout.tsx',
    title: 'Update the layout and navigation',
    content: layoutFile({ title: appTitle, nav: fullNav }),
  };
}

function themeAction(tree: AppTree): ActionInput | undefined {
  const css = tree.read('globals.css');
  if (css === undefined)
    return { type: 'add_file', path: 'globals.css', title: 'Add the app colours', content: globalsCss() };
  if (findColourLine(css, 'primary')) return undefined;
  return {
    type: 'edit_file',
    path: 'globals.css',
    title: 'Add the app colours',
    content: `${css.trimEnd()}\n\n${themeBlock()}\n`,
  };
}

/** A new entity's fields: those its name suggests, then those the request names ("a streak count"). */
function newEntityFields(entity: string, requested: readonly FieldRequest[]): FieldSpec[] {
  const fields = inferFields(entity);
  for (const field of requested) {
    const spec = fieldFromRequest(field.name, field.kind, field.options);
    if (!fields.some((known) => known.name === spec.name)) fields.push(spec);
  }
  return fields;
}

/** "streak count (number), notes (long text) and name": a field list as the reply says it. */
function describeFields(fields: readonly FieldSpec[]): string {
  return list(
    fields.map((field) => {
      const label = field.label.toLowerCase();
      const kind = describeKind(field.kind);
      return field.kind === 'text' || label.endsWith(kind.replace('-', '')) ? label : `${label} (${kind})`;
    }),
  );
}

/** "Habit list" → "a habit list"; "CRM" → "a CRM"; "Books and authors" → "a books and authors app". */
function whatWasMade(title: string): string {
  const lowered = title.split(' ').map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()));
  const name =
    /\b(app|crm|tracker|manager|system|portal|dashboard|tool|list|planner|log|journal|diary|organi[sz]er|catalog(ue)?|collection)$/i.test(
      title,
    )
      ? lowered.join(' ')
      : `${lowered.join(' ')} app`;
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * A new app from the request: its entities (the first one with the fields the request names), a
 * page for each and the navigation. The reply says what it made from the request, not the app's
 * name, and the assumptions it made (which fields) so the builder knows what to ask for next.
 */
function createApp(
  tree: AppTree,
  title: string,
  request: { title: string; entities: readonly string[]; fields?: readonly FieldRequest[] },
): OfflineReply {
  const { entities } = request;
  const actions: ActionInput[] = [];
  const nav: NavItem[] = [];
  const created: { entity: string; fields: FieldSpec[] }[] = [];
  const kept: string[] = [];
  entities.forEach((name, index) => {
    const existing = tree.findEntity(name);
    const entity = existing ?? name;
    const fields = existing
      ? fieldsFromSchema(tree.entitySchema(existing))
      : newEntityFields(entity, index === 0 ? (request.fields ?? []) : []);
    if (existing) kept.push(existing);
    else {
      actions.push({
        type: 'add_entity',
        entity,
        title: `Add the ${entity} entity`,
        schema: entitySchema(entity, fields),
      });
      created.push({ entity, fields });
    }
    const page = entityPageAddition(tree, entity, fields);
    if (page) {
      actions.push(page.action);
      nav.push(page.nav);
    }
  });
  const layout = linkPages(
    tree,
    entities.map((entity) => ({ to: pagePath(entityPageName(entity)), label: pluralLabel(entity) })),
    title,
  );
  if (layout) actions.push(layout);
  const theme = themeAction(tree);
  if (theme) actions.push(theme);
  actions.push(...replaceStarter(tree, title, entities));

  const pages = entities.map((entity) => bold(pluralLabel(entity)));
  const requested = request.fields?.map((field) => field.name.toLowerCase()) ?? [];
  const made = `I made ${whatWasMade(request.title)}${requested.length > 0 ? ` with ${list(requested.map((name) => `a ${name}`))}` : ''}`;
  const where =
    pages.length === 1
      ? `a ${pages[0]} page where you add ${pluralLabel(entities[0]!).toLowerCase()} and see them in a table`
      : `a page for each of ${list(pages)} where you add records and see them in a table, linked from the navigation bar`;
  const assumed =
    created.length === 0
      ? ''
      : created.length === 1
        ? `I assumed these fields for a ${labelOf(created[0]!.entity).toLowerCase()}: ${describeFields(created[0]!.fields)}.`
        : `I assumed these fields: ${created
            .map(
              ({ entity, fields }) => `${pluralLabel(entity).toLowerCase()} have ${describeFields(fields)}`,
            )
            .join('; ')}.`;
  const intro = [
    `${made}: ${where}.`,
    assumed,
    kept.length > 0
      ? `${list(kept.map(bold))} already existed, so I kept ${kept.length === 1 ? 'it' : 'them'} as ${kept.length === 1 ? 'it is' : 'they are'}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const first = entities[0]!;
  return {
    intro,
    actions,
    outro: `Ask me to add a field ("Add a notes field to ${first}"), another entity or page, or to change the colours. Open ${pages[0]} in the navigation to add your first record.`,
  };
}

/** The template's home page says this (features/apps/template): a generation replaces it. */
export const TEMPLATE_HOME_MARKER = 'Your app is ready.';
const STARTER_ENTITY = 'Item';

/**
 * The first generation replaces the template's Home with a page for what was asked, and removes
 * the starter entity when nothing else uses it (issue 19 item 6): end users see the app, not
 * the scaffolding.
 */
function replaceStarter(tree: AppTree, title: string, entities: readonly string[]): ActionInput[] {
  const home = tree.read('pages/Home.tsx');
  if (home === undefined || !home.includes(TEMPLATE_HOME_MARKER)) return [];
  const links = entities.map((entity) => ({
    to: pagePath(entityPageName(entity)),
    label: pluralLabel(entity),
    entity,
  }));
  const actions: ActionInput[] = [
    {
      type: 'edit_file',
      path: 'pages/Home.tsx',
      title: 'Replace the starter home page',
      content: homePage({ title, links }),
    },
  ];
  const starter = tree.findEntity(STARTER_ENTITY);
  const wanted = entities.some((entity) => entity.toLowerCase() === STARTER_ENTITY.toLowerCase());
  const usedElsewhere = tree.paths().some(
    (path) =>
      path !== 'pages/Home.tsx' &&
      !path.startsWith('entities/') &&
      // `entities.Item`, `@/entities/Item`, `entities['Item']` (not `DropdownMenuPrimitive.Item`).
      new RegExp(`entities(?:\\.|/|\\[['"])${STARTER_ENTITY}\\b`).test(tree.read(path) ?? ''),
  );
  if (starter === STARTER_ENTITY && !wanted && !usedElsewhere) {
    actions.push({
      type: 'delete_file',
      path: entityFilePath(STARTER_ENTITY),
      title: 'Remove the starter Item entity',
    });
  }
  return actions;
}

function addEntity(tree: AppTree, name: string, requested: readonly FieldSpec[]): OfflineReply {
  const existing = tree.findEntity(name);
  if (existing) {
    return {
      intro: `The app already has a ${bold(existing)} entity. To extend it, ask me to add a field, for example "Add a notes field to ${existing}".`,
      actions: [],
    };
  }
  const fields =
    requested.length > 0
      ? requested.map((field, index) => (index === 0 ? { ...field, required: true } : field))
      : inferFields(name);
  const actions: ActionInput[] = [
    { type: 'add_entity', entity: name, title: `Add the ${name} entity`, schema: entitySchema(name, fields) },
  ];
  const page = entityPageAddition(tree, name, fields);
  if (page) actions.push(page.action);
  const layout = page ? linkPages(tree, [page.nav]) : undefined;
  if (layout) actions.push(layout);
  return {
    intro: `I'm adding a ${bold(name)} entity with ${list(fields.map((field) => field.label.toLowerCase()))}${page ? `, and a ${bold(pluralLabel(name))} page to manage its records` : ''}.`,
    actions,
  };
}

function addField(tree: AppTree, name: string, field: FieldSpec): OfflineReply {
  const entity = tree.findEntity(name);
  if (!entity) return noSuchEntity(tree, name);
  const schema = tree.entitySchema(entity);
  if (!schema)
    return {
      intro: `I couldn't read ${entityFilePath(entity)}: it is not valid JSON. Fix it in the code editor and ask again.`,
      actions: [],
    };
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  if (field.name in properties) {
    return { intro: `${bold(entity)} already has a ${bold(field.name)} field.`, actions: [] };
  }
  const added = entitySchema(entity, [field]).properties[field.name]!;
  const document = { ...schema, properties: { ...properties, [field.name]: added } } as EntitySchemaDocument;
  const actions: ActionInput[] = [
    { type: 'edit_entity', entity, title: `Add ${field.label.toLowerCase()} to ${entity}`, schema: document },
  ];
  const pageName = tree.findPage(entityPageName(entity));
  const page = pageName ? tree.read(pageFilePath(pageName)) : undefined;
  const block = page ? findFieldsBlock(page) : undefined;
  let note = '';
  if (pageName && block) {
    const fields = [...fieldsFromSchema(schema).filter((f) => block.includes(`name: '${f.name}'`)), field];
    actions.push({
      type: 'partial_edit',
      path: pageFilePath(pageName),
      title: `Show ${field.label.toLowerCase()} on the ${pageName} page`,
      edits: [{ search: block, replace: fieldsBlock(fields) }],
    });
  } else if (pageName) {
    note = ` I didn't change the ${bold(pageName)} page because it doesn't list its fields in a FIELDS block; add the new field there yourself or ask for it.`;
  }
  const kind =
    field.kind === 'select'
      ? `a choice of ${list(field.options ?? [])}`
      : `a ${describeKind(field.kind)} field`;
  return {
    intro: `I'm adding ${bold(field.label.toLowerCase())} (${kind}) to ${bold(entity)}${pageName && block ? ` and to its form and table on the ${bold(pageName)} page` : ''}.${note}`,
    actions,
  };
}

function describeKind(kind: FieldSpec['kind']): string {
  return {
    text: 'text',
    textarea: 'long text',
    email: 'e-mail',
    phone: 'phone',
    url: 'link',
    number: 'number',
    date: 'date',
    boolean: 'yes/no',
    select: 'choice',
  }[kind];
}

function addPage(tree: AppTree, name: string): OfflineReply {
  const existingPage = tree.findPage(name);
  if (existingPage) return { intro: `The app already has a ${bold(existingPage)} page.`, actions: [] };
  const entity = tree.findEntity(name);
  if (entity) {
    const fields = fieldsFromSchema(tree.entitySchema(entity));
    const page = entityPageAddition(tree, entity, fields);
    if (page) {
      const actions = [page.action];
      const layout = linkPages(tree, [page.nav]);
      if (layout) actions.push(layout);
      return {
        intro: `I'm adding a ${bold(pluralLabel(entity))} page where you can add ${entity} records and see them in a table, linked from the navigation.`,
        actions,
      };
    }
  }
  const title = labelOf(name);
  const actions: ActionInput[] = [
    {
      type: 'add_file',
      path: pageFilePath(name),
      title: `Add the ${title} page`,
      content: staticPage({ pageName: name, title }),
    },
  ];
  const layout = linkPages(tree, [{ to: pagePath(name), label: title }]);
  if (layout) actions.push(layout);
  return {
    intro: `I'm adding a ${bold(title)} page at ${pagePath(name)} and a link to it in the navigation.`,
    actions,
  };
}

/** Spec 2 §6: the one preset whose text the spec gives; other pairs read "{read} can read, {write} can write". */
export function describePermissions(read: PermissionRole, write: PermissionRole): string {
  if (read === 'admin' && write === 'anonymous') return 'Anyone can submit, only admins can view';
  return `${read} can read, ${write} can write`;
}

function setPermissions(
  tree: AppTree,
  name: string,
  read: PermissionRole,
  write: PermissionRole,
): OfflineReply {
  const entity = tree.findEntity(name);
  if (!entity) return noSuchEntity(tree, name);
  const schema = tree.entitySchema(entity);
  if (!schema)
    return { intro: `I couldn't read ${entityFilePath(entity)}: it is not valid JSON.`, actions: [] };
  const document = { ...schema, rls: { read, write } } as EntitySchemaDocument;
  return {
    intro: `I'm changing who can see and change ${bold(entity)} records: ${describePermissions(read, write)}.`,
    actions: [{ type: 'edit_entity', entity, title: `Change ${entity} permissions`, schema: document }],
  };
}

function noSuchEntity(tree: AppTree, name: string): OfflineReply {
  const entities = tree.entities();
  const known =
    entities.length > 0
      ? ` The app's entities are ${list(entities.map(bold))}.`
      : ' The app has no entities yet.';
  return { intro: `I couldn't find an entity named ${bold(name)}.${known}`, actions: [] };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function replaceText(tree: AppTree, from: string, to: string): OfflineReply {
  // Whole words only, never part of an identifier or a property access (entities.Contact stays).
  const source = `(?<![\\w.$])${escapeRegExp(from)}(?![\\w$])`;
  const found = new RegExp(source);
  const all = new RegExp(source, 'g');
  const actions: ActionInput[] = [];
  for (const path of tree.paths()) {
    if (path.startsWith('entities/')) continue;
    const lines = tree.read(path)!.split('\n');
    const edits = lines
      .filter((line) => !/^\s*import\s/.test(line) && found.test(line))
      .map((line) => ({ search: line, replace: line.replace(all, () => to) }));
    if (edits.length > 0)
      actions.push({ type: 'partial_edit', path, title: `Change "${from}" to "${to}"`, edits });
  }
  if (actions.length === 0)
    return {
      intro: `I couldn't find the text "${from}" in the app's pages, components or layout.`,
      actions: [],
    };
  return {
    intro: `I'm changing "${from}" to "${to}" in ${list(actions.map((action) => ('path' in action ? action.path : '')))}.`,
    actions,
  };
}

function setTitle(tree: AppTree, title: string): OfflineReply {
  const layout = tree.read('Layout.tsx');
  const found = layout ? findAppTitle(layout) : undefined;
  if (layout && found) {
    return {
      intro: `I'm renaming the app to ${bold(title)} in the layout. The preview and the published app show the name set in the side panel (App texts → Header, else the app's name): set ${bold(title)} there too.`,
      actions: [
        {
          type: 'partial_edit',
          path: 'Layout.tsx',
          title: 'Rename the app',
          edits: [{ search: found.line, replace: appTitleLine(title) }],
        },
      ],
    };
  }
  if (layout) {
    const current = /<(?:span|h1|div)[^>]*>([^<{]+)<\/(?:span|h1|div)>/.exec(layout)?.[1]?.trim();
    if (current) return replaceText(tree, current, title);
    return {
      intro: `I couldn't find the app's title in Layout.tsx. Tell me the exact text to change, for example 'Change "My app" to "${title}"'.`,
      actions: [],
    };
  }
  const action = linkPages(tree, [], title);
  return {
    intro: `I'm adding a layout with the title ${bold(title)} and links to the app's pages.`,
    actions: action ? [action] : [],
  };
}

function setColour(tree: AppTree, target: 'primary' | 'background', word: string): OfflineReply {
  const value = resolveColour(word, target);
  if (!value)
    return {
      intro: `I don't know the colour "${word}". Use a colour name such as blue, emerald or rose, or a hex value such as #2563eb.`,
      actions: [],
    };
  const what = target === 'primary' ? 'primary colour (buttons, links and highlights)' : 'background colour';
  const css = tree.read('globals.css');
  const line = css === undefined ? undefined : findColourLine(css, target);
  let action: ActionInput;
  if (css !== undefined && line) {
    action = {
      type: 'partial_edit',
      path: 'globals.css',
      title: `Change the ${target} colour`,
      // `--primary: …;` in the shadcn template's :root, or `--color-primary: …;` in an @theme block.
      edits: [{ search: line, replace: line.replace(/:[^;]*;/, `: ${value};`) }],
    };
  } else {
    const theme = { ...DEFAULT_THEME, [target]: value };
    action =
      css === undefined
        ? {
            type: 'add_file',
            path: 'globals.css',
            title: `Set the ${target} colour`,
            content: globalsCss(theme),
          }
        : {
            type: 'edit_file',
            path: 'globals.css',
            title: `Set the ${target} colour`,
            content: `${css.trimEnd()}\n\n${themeBlock(theme)}\n`,
          };
  }
  return {
    intro: `I'm setting the app's ${what} to ${word.startsWith('#') ? value : `${word} (${value})`}.`,
    actions: [action],
  };
}
