import { GENERIC_ERROR_MESSAGES } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { readForm } from './multipart.ts';

const post = (form: FormData) => new Request('http://localhost/upload', { method: 'POST', body: form });

describe('readForm', () => {
  it('reads the files in order with their fields, and the fields', async () => {
    const form = new FormData();
    form.append('folder', 'icons');
    form.append('file', new File(['a,b\n1,2\n'], 'one.csv', { type: 'text/csv' }));
    form.append('files', new File(['hello'], 'two.txt', { type: 'text/plain' }));
    const read = await readForm(post(form));
    expect(read?.fields.get('folder')).toBe('icons');
    expect(read?.files.map(({ field, file }) => [field, file.name, file.type, file.size])).toEqual([
      ['file', 'one.csv', 'text/csv', 8],
      ['files', 'two.txt', 'text/plain', 5],
    ]);
    expect(await read?.file('files')?.text()).toBe('hello');
  });

  it('refuses a form of thousands of parts without reading them all', async () => {
    const form = new FormData();
    for (let i = 0; i < 1000; i++) form.append(`f${i}`, 'x');
    await expect(readForm(post(form))).rejects.toMatchObject({
      code: 'bad_request',
      message: GENERIC_ERROR_MESSAGES.formTooManyParts,
    });
  });

  it('answers undefined for a body that is not a multipart form', async () => {
    expect(await readForm(new Request('http://localhost/', { method: 'POST', body: 'x' }))).toBeUndefined();
  });
});
