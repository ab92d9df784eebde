import type { ActionInput } from '@atelier/shared';
import { templateSourceOf } from '../apps/template/index.ts';
import { resolveAppImport } from '../compile/bundle-js.ts';
import type { AppTree } from './app-tree.ts';

const APP_IMPORT = /from\s+['"](@\/[^'"]+)['"]/g;

/**
 * The template's shared files (`components/ui/*`, `lib/utils.js`) that the reply's code imports
 * and the app lacks (an app made before the template had them, or one that deleted a file), with
 * what those import in turn: added first, so the reply compiles.
 */
export function missingTemplateFiles(tree: AppTree, actions: readonly ActionInput[]): ActionInput[] {
  const files = new Map(tree.paths().map((path) => [path, tree.read(path) ?? '']));
  for (const action of actions) {
    if ((action.type === 'add_file' || action.type === 'edit_file') && 'content' in action)
      files.set(action.path, action.content);
  }
  const added: ActionInput[] = [];
  const queue = [...files.values()];
  while (queue.length > 0) {
    const source = queue.pop()!;
    for (const match of source.matchAll(APP_IMPORT)) {
      if (!('error' in resolveAppImport(match[1]!, '', files))) continue;
      const path = ['.jsx', '.js']
        .map((ext) => `${match[1]!.slice(2)}${ext}`)
        .find((p) => templateSourceOf(p));
      const content = path && templateSourceOf(path);
      if (!path || content === undefined) continue;
      files.set(path, content);
      queue.push(content);
      added.push({
        type: 'add_file',
        path,
        title: `Add the ${path.replace(/^.*\//, '')} component`,
        content,
      });
    }
  }
  return added;
}
