/**
 * The one name a generated app carries everywhere (issue 19 #7): App texts → Header when set, else
 * the app's name — in its nav, document title and end-user screens, and on the builder's card, top
 * bar and publish dialogs, so the builder never sees a name the end users do not. Other app types
 * show their name: a tool's header is the heading of its form, not what the builder calls it.
 */
export function appTitle(app: { type?: string; name: string; header?: string | null }): string {
  const header = app.header?.trim() ?? '';
  if (header && (app.type === undefined || app.type === 'GEN_APP')) return header;
  return app.name.trim() || 'My App';
}
