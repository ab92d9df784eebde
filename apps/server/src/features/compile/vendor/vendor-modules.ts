/**
 * The fixed allow-list of libraries a generated app may import (ARCHITECTURE §6): each is served
 * pre-bundled as one ESM file at `/preview-vendor/{name}.js` and mapped by the page's import map.
 * React is one shared copy: every other vendor module imports `react`, `react-dom` and
 * `react/jsx-runtime` through the import map instead of bundling its own.
 */
export interface VendorModuleSpec {
  /** File name without `.js`, and the path segment under `/preview-vendor/`. */
  name: string;
  /** Bare import specifiers that the import map points at this module. */
  specifiers: string[];
  /** How the module is built: a CommonJS package re-exported by name, or an ESM entry re-exported whole. */
  source:
    | { kind: 'cjs'; module: string }
    | { kind: 'esm'; module: string }
    | { kind: 'file'; path: string; workspace: 'app-sdk' | 'ui' };
  /** Names a test checks the module exports (the import map's promise). */
  sampleExports: string[];
}

export const VENDOR_MODULES: readonly VendorModuleSpec[] = [
  {
    name: 'react',
    specifiers: ['react'],
    source: { kind: 'cjs', module: 'react' },
    sampleExports: ['useState', 'default'],
  },
  {
    name: 'react-jsx-runtime',
    specifiers: ['react/jsx-runtime', 'react/jsx-dev-runtime'],
    source: { kind: 'cjs', module: 'react/jsx-runtime' },
    sampleExports: ['jsx', 'jsxs', 'Fragment'],
  },
  {
    name: 'react-dom',
    specifiers: ['react-dom'],
    source: { kind: 'cjs', module: 'react-dom' },
    sampleExports: ['createPortal', 'flushSync'],
  },
  {
    name: 'react-dom-client',
    specifiers: ['react-dom/client'],
    source: { kind: 'cjs', module: 'react-dom/client' },
    sampleExports: ['createRoot'],
  },
  {
    name: 'react-router',
    specifiers: ['react-router', 'react-router-dom'],
    source: { kind: 'esm', module: 'react-router' },
    sampleExports: ['BrowserRouter', 'Link', 'useNavigate', 'useParams', 'useSearchParams'],
  },
  {
    name: 'lucide-react',
    specifiers: ['lucide-react'],
    source: { kind: 'esm', module: 'lucide-react' },
    sampleExports: ['Plus', 'Trash2', 'Search', 'createLucideIcon'],
  },
  {
    name: 'date-fns',
    specifiers: ['date-fns'],
    source: { kind: 'esm', module: 'date-fns' },
    sampleExports: ['format', 'formatDistanceToNow', 'addDays', 'parseISO'],
  },
  {
    name: 'recharts',
    specifiers: ['recharts'],
    source: { kind: 'esm', module: 'recharts' },
    sampleExports: ['ResponsiveContainer', 'LineChart', 'BarChart', 'PieChart', 'Tooltip'],
  },
  {
    name: 'atelier-app-sdk',
    specifiers: ['@atelier/app-sdk'],
    source: { kind: 'file', path: 'src/index.ts', workspace: 'app-sdk' },
    sampleExports: ['entities', 'auth', 'functions', 'integrations', 'createClient'],
  },
  {
    name: 'atelier-ui',
    specifiers: ['@atelier/ui'],
    source: { kind: 'file', path: 'index.ts', workspace: 'ui' },
    sampleExports: ['Button', 'Card', 'Input', 'Dialog', 'Badge', 'cn'],
  },
];

/** Every bare specifier a generated app may import, mapped to its vendor module name. */
export const ALLOWED_IMPORTS: ReadonlyMap<string, string> = new Map(
  VENDOR_MODULES.flatMap((module) => module.specifiers.map((specifier) => [specifier, module.name] as const)),
);

/** Specifiers shared by every vendor module through the import map (one React). */
export const SHARED_REACT_SPECIFIERS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
] as const;

/** The names shown in the "not available" diagnostic: the allow-list without aliases and internals. */
export const ALLOWED_PACKAGE_NAMES = [
  'react',
  'react-dom',
  'react-router',
  'lucide-react',
  'date-fns',
  'recharts',
  '@atelier/app-sdk',
  '@atelier/ui',
] as const;
