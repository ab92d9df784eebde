import { entityFilePath } from '@atelier/shared';
import {
  parseCompleteActionText,
  type StrictAction,
} from '../../../../packages/shared/src/actions/strict-parse.ts';

export interface TreeFile {
  path: string;
  content: string;
}

/**
 * Applies a complete assistant text to a file tree, the way the chat will (for tests): file
 * actions write files, search/replace blocks must each match the current text, entity actions
 * write `entities/<Name>.json`. Throws when an action cannot apply.
 */
export function applyActionText(
  files: readonly TreeFile[],
  text: string,
): { files: TreeFile[]; actions: StrictAction[] } {
  const { actions } = parseCompleteActionText(text);
  const tree = new Map(files.map((file) => [file.path, file.content]));
  for (const action of actions) {
    const path = action.attributes.path;
    switch (action.type) {
      case 'add_file':
        if (tree.has(path!)) throw new Error(`add_file: ${path} exists already`);
        tree.set(path!, action.content);
        break;
      case 'edit_file':
        if (!tree.has(path!)) throw new Error(`edit_file: ${path} does not exist`);
        tree.set(path!, action.content);
        break;
      case 'delete_file':
        if (!tree.delete(path!)) throw new Error(`delete_file: ${path} does not exist`);
        break;
      case 'partial_edit': {
        let content = tree.get(path!);
        if (content === undefined) throw new Error(`partial_edit: ${path} does not exist`);
        for (const edit of action.edits ?? []) {
          const at = content.indexOf(edit.search);
          if (at < 0) throw new Error(`partial_edit: SEARCH not found in ${path}:\n${edit.search}`);
          content = content.slice(0, at) + edit.replace + content.slice(at + edit.search.length);
        }
        tree.set(path!, content);
        break;
      }
      case 'add_entity':
      case 'edit_entity': {
        const file = entityFilePath(action.attributes.entity!);
        if (action.type === 'add_entity' && tree.has(file))
          throw new Error(`add_entity: ${file} exists already`);
        if (action.type === 'edit_entity' && !tree.has(file))
          throw new Error(`edit_entity: ${file} does not exist`);
        tree.set(file, `${JSON.stringify(action.json, null, 2)}\n`);
        break;
      }
      default:
        break;
    }
  }
  return { files: [...tree].map(([path, content]) => ({ path, content })), actions };
}
