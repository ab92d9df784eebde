import type { AppFile } from '@atelier/shared';
import { resolveAppImport } from '../../compile/bundle-js.ts';
import { templateSourceOf } from './template-files.ts';

const APP_IMPORT = /from\s+['"](@\/[^'"]+)['"]/g;

/**
 * The template's shared files (`components/ui/*`, `hooks/*`, `lib/utils.js`) that the app's code
 * imports through `@/` and the app lacks (an app made before the template had them, or one that
 * deleted a file), with what those import in turn. Models write `@/components/ui/alert-dialog`
 * expecting shadcn's whole set to be there, as it is in every new app.
 */
export function missingTemplateFiles(files: ReadonlyMap<string, string>): AppFile[] {
  const known = new Map(files);
  const added: AppFile[] = [];
  const queue = [...known.values()];
  for (let source = queue.pop(); source !== undefined; source = queue.pop()) {
    for (const match of source.matchAll(APP_IMPORT)) {
      if (!('error' in resolveAppImport(match[1]!, '', known))) continue;
      const path = ['.jsx', '.js']
        .map((ext) => `${match[1]!.slice(2)}${ext}`)
        .find((p) => templateSourceOf(p));
      const content = path && templateSourceOf(path);
      if (!path || content === undefined) continue;
      known.set(path, content);
      queue.push(content);
      added.push({ path, content });
    }
  }
  return added;
}
