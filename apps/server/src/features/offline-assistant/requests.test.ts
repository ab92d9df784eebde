import { permissionChangeRequest } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { type OfflineRequest, parseRequest } from './requests.ts';

const cases: [string, OfflineRequest][] = [
  [
    'Create a CRM with contacts and deals',
    { kind: 'create_app', title: 'CRM', entities: ['Contact', 'Deal'] },
  ],
  ['a CRM with contacts and deals', { kind: 'create_app', title: 'CRM', entities: ['Contact', 'Deal'] }],
  ['Create a CRM', { kind: 'create_app', title: 'CRM', entities: ['Contact', 'Deal'] }],
  [
    'I want an app to track books I have read and their authors',
    { kind: 'create_app', title: 'Books and authors', entities: ['Book', 'Author'] },
  ],
  [
    'Build a simple inventory app with products, suppliers & purchase orders.',
    { kind: 'create_app', title: 'Inventory', entities: ['Product', 'Supplier', 'PurchaseOrder'] },
  ],
  ['Build a recipe app', { kind: 'create_app', title: 'Recipe', entities: ['Recipe'] }],
  // A list-like app keeps its noun; singular "with" items are its fields, plural ones more entities.
  [
    'A habit list with a streak count',
    { kind: 'create_app', title: 'Habit list', entities: ['Habit'], fields: [{ name: 'streak count' }] },
  ],
  [
    'A recipe planner where I save recipes with ingredients and tags',
    { kind: 'create_app', title: 'Recipe planner', entities: ['Recipe', 'Ingredient', 'Tag'] },
  ],
  ['Make a todo list', { kind: 'create_app', title: 'Todo list', entities: ['Todo'] }],
  ['I want to track my workouts', { kind: 'create_app', title: 'Workout tracker', entities: ['Workout'] }],
  [
    'Add a number field called budget to Deal',
    { kind: 'add_field', entity: 'Deal', field: { name: 'budget', kind: 'number' } },
  ],
  ['add a field priority to tasks', { kind: 'add_field', entity: 'Task', field: { name: 'priority' } }],
  [
    'Add a due date field to the Task entity',
    { kind: 'add_field', entity: 'Task', field: { name: 'due date' } },
  ],
  [
    'Add a select field status with options open, in progress, closed to Ticket',
    {
      kind: 'add_field',
      entity: 'Ticket',
      field: { name: 'status', kind: 'select', options: ['Open', 'In progress', 'Closed'] },
    },
  ],
  [
    'Add a Product entity with name, price and stock',
    {
      kind: 'add_entity',
      entity: 'Product',
      fields: [{ name: 'name' }, { name: 'price' }, { name: 'stock' }],
    },
  ],
  ['Create an entity called Invoice', { kind: 'add_entity', entity: 'Invoice', fields: [] }],
  ['add a new table for expenses', { kind: 'add_entity', entity: 'Expense', fields: [] }],
  ['Add an About page', { kind: 'add_page', page: 'About' }],
  ['Add a page called Contact us', { kind: 'add_page', page: 'ContactUs' }],
  [
    'Change the permissions of the Contact entity: all can read, creator can write',
    { kind: 'set_permissions', entity: 'Contact', read: 'all', write: 'creator' },
  ],
  [
    permissionChangeRequest('Feedback', { read: 'admin', write: 'anonymous' }),
    { kind: 'set_permissions', entity: 'Feedback', read: 'admin', write: 'anonymous' },
  ],
  [
    'Set the permissions of Feedback to: anyone can submit, only admins can view',
    { kind: 'set_permissions', entity: 'Feedback', read: 'admin', write: 'anonymous' },
  ],
  [
    'Change the access of the Note entity: nobody can read, nobody can write',
    { kind: 'set_permissions', entity: 'Note', read: 'none', write: 'none' },
  ],
  ['Change "Contacts" to "People"', { kind: 'replace_text', from: 'Contacts', to: 'People' }],
  ["replace the text 'Add deal' with 'New deal'", { kind: 'replace_text', from: 'Add deal', to: 'New deal' }],
  ['Rename the app to "Acme CRM"', { kind: 'set_title', title: 'Acme CRM' }],
  ['change the app title to “Book club”', { kind: 'set_title', title: 'Book club' }],
  ['Change the primary colour to emerald', { kind: 'set_colour', target: 'primary', colour: 'emerald' }],
  ['make the buttons #10B981', { kind: 'set_colour', target: 'primary', colour: '#10b981' }],
  ['Set the background color to slate', { kind: 'set_colour', target: 'background', colour: 'slate' }],
  ['help', { kind: 'help' }],
  ['What can you do?', { kind: 'help' }],
  ['Write me a poem about the sea', { kind: 'unknown' }],
  ['Make it faster', { kind: 'unknown' }],
  ['Change the permissions', { kind: 'unknown' }],
];

describe('the offline assistant request set', () => {
  it.each(cases)('reads %j', (message, expected) => {
    expect(parseRequest(message)).toEqual(expected);
  });
});
