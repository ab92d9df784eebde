/**
 * The runtime bundled into every compiled app (browser code, not the server's): it reports
 * runtime errors to the builder (spec 3 §3 "Runtime error item: title, details, componentName"),
 * and mounts `<Layout>` with a router over the app's pages, each page inside an error boundary.
 * The compiler's generated entry module imports it first, so the reporter is installed before any
 * app module runs.
 */
import './storage-fallback.ts';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  Fragment,
  type ReactNode,
  StrictMode,
  useEffect,
} from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';
import { pageNeedsSignIn } from './auth-paths.ts';
import {
  AccountCorner,
  AUTH_PATHS,
  ForgotPasswordScreen,
  RequireSignIn,
  SignInScreen,
  SignUpScreen,
} from './auth-screens.tsx';
import { AuthProvider, authConfig } from './auth-state.tsx';
import { hostedLoginRequest, mountHostedLogin } from './hosted-login.tsx';
import { keepPageLoadsUnderBase } from './page-navigation.ts';
import { appFileOfStack, STARTUP_SCREEN_GLOBAL, unsetEnvNames } from './startup-failure.ts';

/** The message a compiled app posts to its parent window for each runtime error. */
export interface RuntimeErrorMessage {
  type: 'atelier:runtime-error';
  title: string;
  details: string;
  componentName: string | null;
}

interface RuntimeWindowConfig {
  basePath?: string;
  parentOrigin?: string;
  /** Set in the builder's preview only. */
  previewToken?: string;
  /** Whom the builder's preview views the app as (its "View as"). */
  previewViewAs?: 'owner' | 'user' | 'visitor';
}

/**
 * Base44's template keeps the signed-in user's token where its `app-params.js` reads it as the page
 * loads (`?access_token=`, else localStorage `base44_access_token`), and its AuthContext asks
 * `auth.me()` only when it found one: Base44's editor opens its preview with the builder's. The
 * builder's preview here signs in by its credential instead, so an export would see nobody signed in
 * and wait for a user forever (a spinner). Viewing as the owner or the test end user, the
 * credential is put where the template reads it; the page's `@base44/sdk` takes it back out of
 * storage and never sends it as a session (compile/vendor/base44).
 */
function seedPreviewAccessToken(): void {
  const { previewToken, previewViewAs } = config();
  if (!previewToken || previewViewAs === 'visitor') return;
  try {
    window.localStorage.setItem('base44_access_token', previewToken);
  } catch {
    // No storage at all: the export sees nobody signed in, as before.
  }
}

const config = (): RuntimeWindowConfig =>
  (window as unknown as { __ATELIER__?: RuntimeWindowConfig }).__ATELIER__ ?? {};

const recent = new Map<string, number>();

/** Posts one runtime error to the parent window (the builder); the same error twice within 1 s is sent once. */
export function reportRuntimeError(title: string, details: string, componentName: string | null): void {
  const key = `${title}\n${componentName ?? ''}`;
  const now = Date.now();
  if ((recent.get(key) ?? 0) > now - 1000) return;
  recent.set(key, now);
  const message: RuntimeErrorMessage = { type: 'atelier:runtime-error', title, details, componentName };
  if (window.parent !== window) window.parent.postMessage(message, config().parentOrigin ?? '*');
  console.error(`[atelier] ${title}${componentName ? ` in <${componentName}>` : ''}\n${details}`);
}

function describe(error: unknown): { title: string; details: string } {
  if (error instanceof Error) {
    return { title: `${error.name}: ${error.message}`, details: error.stack ?? String(error) };
  }
  const text = typeof error === 'string' ? error : safeJson(error);
  return { title: text, details: text };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The innermost component named in a React component stack (`at Contacts (…)` or `in Contacts`). */
export function componentNameFromStack(stack: string | null | undefined): string | null {
  if (!stack) return null;
  const match = /^\s*(?:at|in)\s+([A-Z][\w$]*)/m.exec(stack);
  return match?.[1] ?? null;
}

/** Whether the app's code has been handed the page (mountApp, runOwnEntry): errors before are start-up failures. */
let started = false;

/**
 * The app's code threw while its modules loaded: nothing will render. Reports it (with the app file
 * and the environment names it read unset) and shows the page's start-up
 * failure screen (the bootstrap script's, html.ts) instead of a blank page.
 */
function startupFailed(error: unknown): void {
  const { title, details } = describe(error);
  const file = appFileOfStack(error instanceof Error ? error.stack : undefined);
  const unset = unsetEnvNames();
  const notes = [
    file ? `The app could not start: ${file} threw while it loaded.` : 'The app could not start.',
    unset.length > 0 ? `Environment values the code read that are not set: ${unset.join(', ')}.` : '',
  ].filter(Boolean);
  reportRuntimeError(title, `${notes.join('\n')}\n\n${details}`, null);
  const show = (window as unknown as Record<string, unknown>)[STARTUP_SCREEN_GLOBAL];
  if (typeof show === 'function') show(title, file ?? null);
}

let installed = false;
/** Listens for uncaught errors and unhandled promise rejections in the app's window. */
export function installErrorReporter(): void {
  if (installed) return;
  installed = true;
  // The page's bootstrap script reports load failures until now; from here on, this reporter does.
  (window as unknown as { __ATELIER_RUNTIME_READY__?: boolean }).__ATELIER_RUNTIME_READY__ = true;
  window.addEventListener('error', (event) => {
    // A module of the app threw while the bundle ran, before mountApp: the app cannot start.
    if (!started && event.error !== undefined && event.error !== null) {
      startupFailed(event.error);
      return;
    }
    const { title, details } = describe(event.error ?? event.message);
    reportRuntimeError(title, details, null);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const { title, details } = describe(event.reason);
    reportRuntimeError(`Unhandled promise rejection: ${title}`, details, null);
  });
}

installErrorReporter();

interface BoundaryProps {
  pageName: string;
  children: ReactNode;
}

class PageErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    const { title, details } = describe(error);
    const componentName = componentNameFromStack(info.componentStack) ?? this.props.pageName;
    reportRuntimeError(title, `${details}\n\nComponent stack:${info.componentStack ?? ''}`, componentName);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="mx-auto my-12 max-w-lg rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="font-semibold">This page ran into an error</p>
        <p className="mt-2 break-words font-mono text-sm">{this.state.error.message}</p>
        <button
          type="button"
          className="mt-4 rounded-md bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-700"
          onClick={() => this.setState({ error: null })}
        >
          Try again
        </button>
      </div>
    );
  }
}

/** Resets the boundary when the route changes, so another page renders after an error. */
function RoutedBoundary({ pageName, children }: BoundaryProps) {
  const location = useLocation();
  return (
    <PageErrorBoundary key={location.pathname} pageName={pageName}>
      {children}
    </PageErrorBoundary>
  );
}

/**
 * In the builder's preview (a parent origin is configured): posts the route the app shows to the
 * builder, once it runs (the builder's load handshake) and after each navigation, so the builder can
 * show it and restore it after a rebuild.
 */
function RouteReporter() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => postPreviewRoute(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return null;
}

/** Posts the preview's load handshake / route to the builder (`null`: loaded, route unknown). */
function postPreviewRoute(route: string | null) {
  const { parentOrigin } = config();
  if (!parentOrigin || window.parent === window) return;
  window.parent.postMessage({ type: 'atelier:preview-route', route }, parentOrigin);
}

function NotFound() {
  return (
    <div className="mx-auto my-16 max-w-md text-center">
      <p className="text-5xl font-bold text-gray-300">404</p>
      <p className="mt-4 text-lg font-semibold text-gray-900">Page not found</p>
      <Link to="/" className="mt-4 inline-block text-sm font-medium text-indigo-600 hover:underline">
        Go to the home page
      </Link>
    </div>
  );
}

export interface LayoutProps {
  children: ReactNode;
  currentPageName: string;
}

export interface PageEntry {
  /** The page's name: its path under `pages/` without the extension (`Contacts`, `admin/Users`). */
  name: string;
  /** Route paths that show it: its kebab-case route first, then an alias by its name if different. */
  paths: string[];
  Component: ComponentType;
  /**
   * The page exports `requireSignIn = true`: signed-out visitors are sent to the sign-in screen (so
   * is every page when the app's "Require login to access" is on).
   */
  requireSignIn?: boolean;
}

const AUTH_SCREENS: { path: string; Screen: ComponentType }[] = [
  { path: AUTH_PATHS.signIn, Screen: SignInScreen },
  { path: AUTH_PATHS.signUp, Screen: SignUpScreen },
  { path: AUTH_PATHS.forgotPassword, Screen: ForgotPasswordScreen },
];

export interface MountOptions {
  Layout: ComponentType<LayoutProps> | null;
  pages: PageEntry[];
  rootElement?: HTMLElement;
  /** Context the app's code expects around it (the entry adds TanStack Query's client when the app uses it). */
  Providers?: ComponentType<{ children: ReactNode }>;
}

/** Renders the app into `#root`. */
export function mountApp({ Layout, pages, rootElement, Providers = Fragment }: MountOptions): void {
  started = true;
  const element = rootElement ?? document.getElementById('root');
  if (!element) throw new Error('The app page has no #root element');
  const fromUrl = hostedLoginRequest();
  if (fromUrl !== null) {
    mountHostedLogin(fromUrl, element, true);
    return;
  }
  const Shell = Layout ?? (({ children }: LayoutProps) => <>{children}</>);
  const root = createRoot(element, {
    onUncaughtError(error, info) {
      const { title, details } = describe(error);
      reportRuntimeError(title, details, componentNameFromStack(info.componentStack));
    },
  });
  const basename = (config().basePath ?? '/').replace(/\/$/, '') || '/';
  const pagePaths = new Set(pages.flatMap((page) => page.paths.map((path) => path.toLowerCase())));
  // The end-user screens, unless the app has its own page at that path.
  const authScreens = AUTH_SCREENS.filter((screen) => !pagePaths.has(screen.path));
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter basename={basename}>
          <RouteReporter />
          <AuthProvider>
            <Routes>
              {pages.flatMap((page) =>
                page.paths.map((path) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      <Shell currentPageName={page.name}>
                        <RoutedBoundary pageName={page.name}>
                          {pageNeedsSignIn(page, authConfig()) ? (
                            <RequireSignIn>
                              <page.Component />
                            </RequireSignIn>
                          ) : (
                            <page.Component />
                          )}
                        </RoutedBoundary>
                      </Shell>
                    }
                  />
                )),
              )}
              {authScreens.map(({ path, Screen }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <Shell currentPageName="">
                      <Screen />
                    </Shell>
                  }
                />
              ))}
              <Route
                path="*"
                element={
                  <Shell currentPageName="">
                    <NotFound />
                  </Shell>
                }
              />
            </Routes>
            <AccountCorner />
          </AuthProvider>
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

/**
 * Runs an own-entry app (an imported Vite project, compile/own-entry.ts): its main module, unless
 * the page is the hosted login of `@base44/sdk` (`/login?from_url=`), which the runtime shows instead.
 * Its page loads of paths from its root stay under the page's base path (`page-navigation.ts`).
 */
export function runOwnEntry(load: () => Promise<unknown>): void {
  started = true;
  keepPageLoadsUnderBase(config().basePath);
  const fromUrl = hostedLoginRequest();
  const element = document.getElementById('root');
  if (fromUrl !== null && element) {
    mountHostedLogin(fromUrl, element, false);
    return;
  }
  seedPreviewAccessToken();
  // Its modules load (and may throw) inside `load`: a rejection is a start-up failure. Once loaded,
  // the builder's preview gets its load handshake (the app's own router posts no route).
  load().then(
    () => postPreviewRoute(null),
    (error: unknown) => startupFailed(error),
  );
}
