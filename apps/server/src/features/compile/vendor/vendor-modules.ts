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
  /**
   * How the module is built: a CommonJS package re-exported by name, an ESM entry re-exported whole
   * (`default` too when `hasDefault`), or a file of our workspaces.
   */
  source:
    | { kind: 'cjs'; module: string }
    | { kind: 'esm'; module: string; hasDefault?: boolean }
    | {
        kind: 'file';
        path: string;
        workspace: 'app-sdk' | 'ui' | 'vendor';
        /** npm packages the file bundles, whose installed versions go into the build key. */
        packages?: string[];
      };
  /** Names a test checks the module exports (the import map's promise). */
  sampleExports: string[];
  /**
   * A module other vendor modules share rather than bundle (state or React contexts that must be
   * one per page, like Radix's layer stack): in the import map, but not offered in diagnostics.
   */
  internal?: boolean;
}

const esm = (
  name: string,
  specifiers: string[],
  sampleExports: string[],
  options: { module?: string; hasDefault?: boolean; internal?: boolean } = {},
): VendorModuleSpec => ({
  name,
  specifiers,
  source: { kind: 'esm', module: options.module ?? specifiers[0]!, hasDefault: options.hasDefault },
  sampleExports,
  ...(options.internal ? { internal: true } : {}),
});

/** The Radix primitives shadcn/ui's components import, each its own module. */
const RADIX_PRIMITIVES: Record<string, string[]> = {
  accordion: ['Root', 'Item', 'Trigger', 'Content'],
  'alert-dialog': ['Root', 'Action', 'Cancel'],
  'aspect-ratio': ['Root'],
  avatar: ['Root', 'Image', 'Fallback'],
  checkbox: ['Root', 'Indicator'],
  collapsible: ['Root', 'CollapsibleTrigger', 'CollapsibleContent'],
  'context-menu': ['Root', 'Trigger', 'Item'],
  dialog: ['Root', 'Trigger', 'Portal', 'Overlay', 'Content', 'Title', 'Description', 'Close'],
  'dropdown-menu': ['Root', 'Trigger', 'Content', 'Item', 'CheckboxItem'],
  'hover-card': ['Root', 'Trigger', 'Content'],
  label: ['Root', 'Label'],
  menubar: ['Root', 'Menu', 'Trigger'],
  'navigation-menu': ['Root', 'List', 'Item', 'Link'],
  popover: ['Root', 'Trigger', 'Content', 'Anchor'],
  progress: ['Root', 'Indicator'],
  'radio-group': ['Root', 'Item', 'Indicator'],
  'scroll-area': ['Root', 'Viewport', 'ScrollAreaScrollbar', 'ScrollAreaThumb', 'Corner'],
  select: ['Root', 'Trigger', 'Value', 'Content', 'Item', 'ItemText'],
  separator: ['Root'],
  slider: ['Root', 'Track', 'Range', 'Thumb'],
  slot: ['Slot', 'Slottable'],
  switch: ['Root', 'Thumb'],
  tabs: ['Root', 'List', 'Trigger', 'Content'],
  toast: ['Provider', 'Root', 'Viewport', 'Title', 'Action'],
  toggle: ['Root'],
  'toggle-group': ['Root', 'Item'],
  tooltip: ['Provider', 'Root', 'Trigger', 'Content'],
};

/**
 * Packages the primitives depend on that keep page-wide state (the stack of dismissable layers and
 * focus scopes, scroll locks, aria-hidden counts, the reading direction): one shared copy, or a
 * popover inside a dialog would not know it is the top layer.
 */
const SHARED_INTERNALS: Record<string, string[]> = {
  '@radix-ui/react-dismissable-layer': ['DismissableLayer', 'Branch'],
  '@radix-ui/react-focus-scope': ['FocusScope'],
  '@radix-ui/react-focus-guards': ['FocusGuards', 'useFocusGuards'],
  '@radix-ui/react-direction': ['DirectionProvider', 'useDirection'],
  'react-remove-scroll': ['RemoveScroll'],
  'aria-hidden': ['hideOthers'],
};

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
    internal: true, // what compiled JSX imports, never app code
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
  // Apps render markup to strings with it (map popups, printable views, SVG icons for canvases).
  {
    name: 'react-dom-server',
    specifiers: ['react-dom/server', 'react-dom/server.browser'],
    source: { kind: 'cjs', module: 'react-dom/server.browser' },
    sampleExports: ['renderToString', 'renderToStaticMarkup'],
  },
  esm(
    'react-router',
    ['react-router', 'react-router-dom'],
    ['BrowserRouter', 'Link', 'useNavigate', 'useParams', 'useSearchParams'],
  ),
  // The installed lucide-react plus the icons its 1.0 dropped, which apps written for 0.x import.
  {
    name: 'lucide-react',
    specifiers: ['lucide-react'],
    source: { kind: 'file', path: 'lucide/lucide-react.ts', workspace: 'vendor', packages: ['lucide-react'] },
    sampleExports: ['Plus', 'Trash2', 'Search', 'createLucideIcon', 'Github', 'FacebookIcon'],
  },
  esm('date-fns', ['date-fns'], ['format', 'formatDistanceToNow', 'addDays', 'parseISO']),
  esm('date-fns-locale', ['date-fns/locale'], ['enUS', 'fr', 'de']),
  esm('recharts', ['recharts'], ['ResponsiveContainer', 'LineChart', 'BarChart', 'PieChart', 'Tooltip']),
  esm('framer-motion', ['framer-motion', 'motion/react'], ['motion', 'AnimatePresence', 'useAnimation'], {
    module: 'framer-motion',
  }),
  esm('sonner', ['sonner'], ['toast', 'Toaster']),
  esm(
    'tanstack-react-query',
    ['@tanstack/react-query'],
    ['QueryClient', 'QueryClientProvider', 'useQuery', 'useMutation', 'useQueryClient'],
  ),
  esm('clsx', ['clsx'], ['clsx', 'default'], { hasDefault: true }),
  esm('tailwind-merge', ['tailwind-merge'], ['twMerge', 'extendTailwindMerge']),
  esm('class-variance-authority', ['class-variance-authority'], ['cva', 'cx']),
  esm('react-hook-form', ['react-hook-form'], ['useForm', 'Controller', 'FormProvider', 'useFormContext']),
  esm('hookform-resolvers', ['@hookform/resolvers'], ['toNestErrors', 'validateFieldsNatively']),
  esm('hookform-resolvers-zod', ['@hookform/resolvers/zod'], ['zodResolver']),
  esm(
    'hookform-resolvers-standard-schema',
    ['@hookform/resolvers/standard-schema'],
    ['standardSchemaResolver'],
  ),
  esm('zod', ['zod'], ['z', 'object', 'string', 'default'], { hasDefault: true }),
  esm('react-markdown', ['react-markdown'], ['default', 'MarkdownHooks'], { hasDefault: true }),
  esm('remark-gfm', ['remark-gfm'], ['default'], { hasDefault: true }),
  esm('react-day-picker', ['react-day-picker'], ['DayPicker', 'getDefaultClassNames']),
  // Base44's and shadcn's older calendar.jsx are written for react-day-picker 8 (LEGACY_MAJORS).
  esm('react-day-picker-v8', ['@atelier/react-day-picker-v8'], ['DayPicker', 'useNavigation', 'Button'], {
    module: 'react-day-picker-v8',
    internal: true,
  }),
  esm('embla-carousel-react', ['embla-carousel-react'], ['default'], { hasDefault: true }),
  esm('cmdk', ['cmdk'], ['Command', 'CommandInput', 'CommandList', 'CommandItem']),
  esm('vaul', ['vaul'], ['Drawer']),
  esm('input-otp', ['input-otp'], ['OTPInput', 'OTPInputContext', 'REGEXP_ONLY_DIGITS']),
  esm('react-resizable-panels', ['react-resizable-panels'], ['Panel', 'PanelGroup', 'PanelResizeHandle']),
  {
    name: 'lodash',
    specifiers: ['lodash'],
    source: { kind: 'cjs', module: 'lodash' },
    sampleExports: ['default', 'debounce', 'groupBy'],
  },
  // moment's ES build, whose locale loading is guarded by `typeof module` (its CommonJS one requires by a computed path).
  esm('moment', ['moment'], ['default'], { module: 'moment/dist/moment.js', hasDefault: true }),
  esm('uuid', ['uuid'], ['v4', 'validate']),
  // In every Base44 export: shadcn's sonner.jsx reads the theme with next-themes; boards drag with @hello-pangea/dnd.
  esm('next-themes', ['next-themes'], ['ThemeProvider', 'useTheme']),
  esm('hello-pangea-dnd', ['@hello-pangea/dnd'], ['DragDropContext', 'Droppable', 'Draggable']),
  esm('canvas-confetti', ['canvas-confetti'], ['default'], { hasDefault: true }),
  esm('three', ['three'], ['Scene', 'PerspectiveCamera', 'Vector3', 'Color']),
  // The two add-ons three.js scenes nearly always use, under both of three's paths for them.
  ...(
    [
      ['three-orbit-controls', 'controls/OrbitControls', 'OrbitControls'],
      ['three-gltf-loader', 'loaders/GLTFLoader', 'GLTFLoader'],
    ] as const
  ).map(([name, file, sample]) =>
    esm(
      name,
      ['addons', 'examples/jsm'].flatMap((dir) => [`three/${dir}/${file}.js`, `three/${dir}/${file}`]),
      [sample],
      { module: `three/examples/jsm/${file}.js` },
    ),
  ),
  esm('react-three-fiber', ['@react-three/fiber'], ['Canvas', 'useFrame', 'useThree']),
  ...Object.entries(RADIX_PRIMITIVES).map(([primitive, samples]) =>
    esm(`radix-${primitive}`, [`@radix-ui/react-${primitive}`], samples),
  ),
  esm('radix-ui', ['radix-ui'], ['Dialog', 'Popover', 'Slot', 'Tooltip']),
  ...Object.entries(SHARED_INTERNALS).map(([specifier, samples]) =>
    esm(specifier.replace(/^@radix-ui\/react-/, 'radix-'), [specifier], samples, { internal: true }),
  ),
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
  // Exported Base44 apps (features/base44-import): the real SDK, pointed at the serving Atelier.
  {
    name: 'base44-sdk',
    specifiers: ['@base44/sdk'],
    source: { kind: 'file', path: 'base44/base44-sdk.ts', workspace: 'vendor' },
    sampleExports: ['createClient', 'createClientFromRequest', 'Base44Error'],
    internal: true,
  },
  {
    name: 'base44-sdk-axios-client',
    specifiers: ['@base44/sdk/dist/utils/axios-client'],
    source: { kind: 'file', path: 'base44/axios-client.ts', workspace: 'vendor' },
    sampleExports: ['createAxiosClient', 'Base44Error'],
    internal: true,
  },
];

/**
 * Older majors of packages of the set that real apps are written for: an app whose package.json asks
 * for a range below `below` imports `specifier` (a module of the set built from the package installed
 * as `installedAs`) where it writes `name`, and its stylesheets from that package.
 */
export const LEGACY_MAJORS: readonly {
  name: string;
  below: string;
  specifier: string;
  installedAs: string;
}[] = [
  {
    name: 'react-day-picker',
    below: '9.0.0',
    specifier: '@atelier/react-day-picker-v8',
    installedAs: 'react-day-picker-v8',
  },
];

export type LegacyMajor = (typeof LEGACY_MAJORS)[number];

/** Every bare specifier a generated app may import, mapped to its vendor module name. */
export const ALLOWED_IMPORTS: ReadonlyMap<string, string> = new Map(
  VENDOR_MODULES.flatMap((module) => module.specifiers.map((specifier) => [specifier, module.name] as const)),
);

/** The vendor module of each name. */
export const VENDOR_MODULE_BY_NAME: ReadonlyMap<string, VendorModuleSpec> = new Map(
  VENDOR_MODULES.map((module) => [module.name, module]),
);

/** The npm package a specifier belongs to: `@scope/name` or `name`, without a sub-path. */
export function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The package names offered in diagnostics and the system prompt: every specifier of the set
 * reduced to its package, internals left out (`react/jsx-runtime` is `react`, `motion/react` is
 * `motion`). Derived from VENDOR_MODULES, so the list never drifts from what is served.
 */
export const ALLOWED_PACKAGE_NAMES: readonly string[] = [
  ...new Set(
    VENDOR_MODULES.filter((module) => !module.internal).flatMap((module) =>
      module.specifiers.map(packageOfSpecifier),
    ),
  ),
];

/** The installable npm packages behind the set (their versions make up the vendor build key). */
export const VENDOR_PACKAGES: readonly string[] = [
  ...new Set(
    VENDOR_MODULES.flatMap((module) =>
      module.source.kind === 'file'
        ? (module.source.packages ?? [])
        : [packageOfSpecifier(module.source.module)],
    ),
  ),
].sort();

/** Entry points below a package's root that apps import (`react-dom/client`, `@hookform/resolvers/zod`), one per module. */
export const ALLOWED_ENTRY_POINTS: readonly string[] = VENDOR_MODULES.filter(
  (module) => !module.internal,
).flatMap(
  (module) => module.specifiers.find((specifier) => packageOfSpecifier(specifier) !== specifier) ?? [],
);

const RADIX_PREFIX = '@radix-ui/react-';

/** The package list as diagnostics and the system prompt show it, Radix primitives folded into one entry. */
export function describePackages(names: readonly string[] = ALLOWED_PACKAGE_NAMES): string {
  const radix = names.filter((name) => name.startsWith(RADIX_PREFIX));
  const folded =
    radix.length > 0
      ? [`${RADIX_PREFIX}{${radix.map((name) => name.slice(RADIX_PREFIX.length)).join(',')}}`]
      : [];
  return [...names.filter((name) => !name.startsWith(RADIX_PREFIX)), ...folded].join(', ');
}
