import { functionNameFromPath } from '../constants/functions.ts';
import { fileKind } from './file-kind.ts';

/** The entity that holds an app's users: answered apart as `userEntity` (spec 1 §3). */
const USER_ENTITY = 'User';

/**
 * "App bundle files" (spec 1 §3): an app version's files grouped the way the spec describes them.
 * Maps are keyed by the file's path inside its folder without the extension (`Home`,
 * `ui/button`); entities are their parsed JSON (the raw text when it does not parse); `files` keeps
 * the flat list the screens use.
 */
export interface AppBundle {
  /** The app's id. */
  id: string;
  versionId: string;
  slug: string | null;
  name: string;
  entities: Record<string, unknown>;
  userEntity: unknown | null;
  pages: Record<string, string>;
  components: Record<string, string>;
  services: Record<string, string>;
  functions: Record<string, string>;
  functionNames: string[];
  layout: string | null;
  globalsCss: string | null;
  files: { path: string; content: string }[];
}

const inFolder = (path: string) => path.slice(path.indexOf('/') + 1).replace(/\.[^./]+$/, '');

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Groups a version's files into the spec's bundle shape. */
export function toAppBundle(
  meta: { id: string; versionId: string; slug: string | null; name: string },
  files: readonly { path: string; content: string }[],
): AppBundle {
  const bundle: AppBundle = {
    ...meta,
    entities: {},
    userEntity: null,
    pages: {},
    components: {},
    services: {},
    functions: {},
    functionNames: [],
    layout: null,
    globalsCss: null,
    files: files.map(({ path, content }) => ({ path, content })),
  };
  for (const { path, content } of files) {
    switch (fileKind(path)) {
      case 'layout':
        bundle.layout = content;
        break;
      case 'style':
        bundle.globalsCss = content;
        break;
      case 'page':
        bundle.pages[inFolder(path)] = content;
        break;
      case 'component':
        bundle.components[inFolder(path)] = content;
        break;
      case 'service':
        bundle.services[inFolder(path)] = content;
        break;
      case 'entity': {
        const name = inFolder(path);
        if (name === USER_ENTITY) bundle.userEntity = parsed(content);
        else bundle.entities[name] = parsed(content);
        break;
      }
      case 'function': {
        const name = functionNameFromPath(path) ?? inFolder(path);
        bundle.functions[name] = content;
        if (functionNameFromPath(path)) bundle.functionNames.push(name);
        break;
      }
      default:
        break;
    }
  }
  bundle.functionNames.sort();
  return bundle;
}
