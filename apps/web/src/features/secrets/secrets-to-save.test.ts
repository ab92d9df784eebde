import { describe, expect, it } from 'vitest';
import { secretsToSave } from './components/secrets-editor.tsx';

const draft = (values: Partial<Parameters<typeof secretsToSave>[0][number]>) => ({
  id: 'x',
  key: '',
  value: '',
  description: '',
  existing: false,
  savedDescription: '',
  ...values,
});

describe('secretsToSave', () => {
  it('refuses a new row without a key or without a value', () => {
    expect(secretsToSave([draft({ key: 'API_KEY' })])).toBeNull();
    expect(secretsToSave([draft({ value: 'v' })])).toBeNull();
  });

  it('sends new rows, and existing rows only when their value or instructions changed', () => {
    expect(
      secretsToSave([
        draft({ key: ' NEW ', value: 'v1', description: 'how' }),
        draft({ key: 'SAME', existing: true, description: 'd', savedDescription: 'd' }),
        draft({ key: 'DOC', existing: true, description: 'new text', savedDescription: 'old' }),
        draft({ key: 'ROTATE', existing: true, value: 'v2' }),
      ]),
    ).toEqual([
      { key: 'NEW', value: 'v1', description: 'how' },
      { key: 'DOC', description: 'new text' },
      { key: 'ROTATE', value: 'v2', description: '' },
    ]);
  });
});
