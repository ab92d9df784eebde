import { it } from 'vitest';
import { templateFiles } from './features/apps/template/index.ts';
import { typeCheckHere } from './features/code-editor/type-check.ts';
it('tc', async () => {
  const all = templateFiles('X');
  const old = all.filter((f) => !/(alert-dialog|aspect-ratio|breadcrumb|calendar|carousel|chart|collapsible|command|context-menu|drawer|hover-card|input-otp|menubar|navigation-menu|pagination|resizable|scroll-area|sidebar|toggle|toggle-group|toast|toaster|use-toast)\.jsx?$|hooks\//.test(f.path));
  await typeCheckHere(old); await typeCheckHere(all);
}, 300000);
