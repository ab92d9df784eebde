import type { ActionInput } from '@atelier/shared';
import { missingTemplateFiles as missingOf } from '../apps/template/missing-template-files.ts';
import type { AppTree } from './app-tree.ts';

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
  return missingOf(files).map(({ path, content }) => ({
    type: 'add_file',
    path,
    title: `Add the ${path.replace(/^.*\//, '')} component`,
    content,
  }));
}
