import { beforeAll, describe, expect, it } from 'vitest';
import { tablesUsedInCode } from './supabase-code.ts';
import { loadSqlParser, sqlFilesOf, tablesFromSql } from './supabase-tables.ts';

beforeAll(() => loadSqlParser());

const MIGRATION = `
create extension if not exists "uuid-ossp";
create type task_status as enum ('todo', 'doing', 'done');
CREATE TABLE IF NOT EXISTS public.tasks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users(id) not null,
  title varchar(200) not null,
  status task_status not null default 'todo',
  done boolean default false,
  position int,
  estimate numeric(6,2),
  tags text[] default '{}',
  meta jsonb default '{}'::jsonb,
  steps jsonb default '[]'::jsonb,
  due date,
  done_at timestamptz,
  created_at timestamptz default now() not null
);
alter table public.tasks enable row level security;
create policy "own tasks" on public.tasks for all using (auth.uid() = user_id);
create table auth_audit (id serial primary key);
create table storage.objects_copy (name text);
create view public.tasks_public with (security_invoker = on) as select id, title as name, status from tasks where done;
create view everything as select * from public.tasks;
create view joined as select a.title from tasks a join tasks b on true;
create or replace function public.touch() returns trigger as $$ begin new.updated_at = now(); return new; end $$ language plpgsql;
`;

describe('Supabase SQL → entities', () => {
  it('turns CREATE TABLE, ALTER TABLE and DROP TABLE of the public schema into typed entity schemas', () => {
    const result = tablesFromSql([
      { path: 'supabase/migrations/001_init.sql', text: MIGRATION },
      {
        path: 'supabase/migrations/002_more.sql',
        text: 'alter table tasks add column notes text; alter table tasks drop column position; drop table auth_audit;',
      },
    ]);
    expect(result.problems).toEqual([]);
    expect(result.policies).toBe(1);
    // Views over one table: their columns by the view's names (joins are not views of a table).
    expect(Object.fromEntries(result.views)).toEqual({
      tasks_public: {
        table: 'tasks',
        columns: { id: 'id', name: 'title', status: 'status' },
        file: 'supabase/migrations/001_init.sql',
      },
      everything: { table: 'tasks', columns: '*', file: 'supabase/migrations/001_init.sql' },
    });
    expect([...result.tables.keys()]).toEqual(['tasks']);
    const tasks = result.tables.get('tasks');
    expect(tasks?.file).toBe('supabase/migrations/001_init.sql');
    expect(tasks?.schema).toMatchObject({
      name: 'tasks',
      type: 'object',
      required: ['user_id', 'title'],
      properties: {
        user_id: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'string', enum: ['todo', 'doing', 'done'], default: 'todo' },
        done: { type: 'boolean', default: false },
        estimate: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
        meta: { type: 'object', default: {} },
        steps: { type: 'array', default: [] },
        due: { type: 'string', format: 'date' },
        done_at: { type: 'string', format: 'date-time' },
        notes: { type: 'string' },
      },
    });
    // The record's own columns are not fields; a dropped column is gone.
    expect(Object.keys(tasks?.schema.properties ?? {})).not.toContain('id');
    expect(Object.keys(tasks?.schema.properties ?? {})).not.toContain('created_at');
    expect(Object.keys(tasks?.schema.properties ?? {})).not.toContain('position');
  });

  it('reports SQL it cannot read, keeping the tables of the statements it can', () => {
    const result = tablesFromSql([
      {
        path: 'supabase/schema.sql',
        text: 'create table notes (body text, pinned bool); create tabel broken (x int); create table "2fa" (code text);',
      },
    ]);
    expect([...result.tables.keys()]).toEqual(['notes']);
    expect(result.problems).toEqual([
      {
        path: 'supabase/schema.sql',
        reason:
          '1 SQL statement could not be read (syntax error at or near "tabel"); the tables of the others were kept.',
      },
      { path: 'supabase/schema.sql', reason: 'The table "2fa" is not a usable entity name.' },
    ]);
  });

  it('reads migrations first, by name, and seeds last', () => {
    expect(
      sqlFilesOf([
        'supabase/seed.sql',
        'schema.sql',
        'supabase/migrations/0002_b.sql',
        'node_modules/x/y.sql',
        'supabase/migrations/0001_a.sql',
      ]),
    ).toEqual([
      'supabase/migrations/0001_a.sql',
      'supabase/migrations/0002_b.sql',
      'schema.sql',
      'supabase/seed.sql',
    ]);
  });

  it('guesses tables from supabase.from() calls with the columns they write and filter on', () => {
    const used = tablesUsedInCode([
      {
        path: 'src/pages/Home.jsx',
        content: `
          const { data } = await supabase.from('posts').select('*').eq('author_id', user.id).order('rank');
          await supabase.from('posts').insert({ title, likes: 0, published: true, id: 'x' });
          await supabase.storage.from('avatars').upload(path, file);
          const list = Array.from('abc');
          await db.from('comments').update({ body: 'hi' }).eq('post_id', 3);`,
      },
    ]);
    expect(
      Object.fromEntries([...used].map(([table, fields]) => [table, Object.fromEntries(fields)])),
    ).toEqual({
      posts: { author_id: 'string', rank: 'string', title: 'string', likes: 'number', published: 'boolean' },
      comments: { body: 'string', post_id: 'number' },
    });
  });
});
