import { describe, expect, it } from 'vitest';
import type { ExportTree } from './archive.ts';
import { NotAnExportError, translateExport } from './translate.ts';
import { translateExportInThread } from './translate-thread.ts';

const treeOf = (files: Record<string, string>): ExportTree =>
  new Map(Object.entries(files).map(([file, text]) => [file, Buffer.from(text)]));

const EXPORT = treeOf({
  'src/main.jsx':
    "import { createRoot } from 'react-dom/client';\nimport App from './App';\ncreateRoot(document.getElementById('root')).render(<App />);\n",
  'src/App.jsx':
    "import { Task } from '@/api/entities';\nexport default function App() { return <button onClick={() => Task.create({ title: 'x' })}>Go</button>; }\n",
});

describe('translating an import in a thread of its own', () => {
  it('answers what translating here answers, and passes NotAnExportError through', async () => {
    // The time and heap limits are the job thread's (type-check-thread.test stops a check past its time).
    expect(await translateExportInThread(EXPORT, 'app-1')).toEqual(translateExport(EXPORT, 'app-1'));
    const notExport = await translateExportInThread(treeOf({ 'notes.txt': 'hi' }), 'app-1').catch((e) => e);
    expect(notExport).toBeInstanceOf(NotAnExportError);
  }, 60_000);
});
