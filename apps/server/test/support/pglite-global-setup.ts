import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writePgliteTemplate } from './db-templates.ts';

let dir: string | undefined;

/** Migrates one PGlite for the run; each test file loads its dump (see `createTestDatabase`). */
export async function setup(project: TestProject) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  await writePgliteTemplate(file);
  project.provide('pgliteTemplateFile', file);
}

export function teardown() {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
