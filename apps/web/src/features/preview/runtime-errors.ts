import type { RuntimeErrorMessage } from '@atelier/shared';

/** One error in the runtime error panel (spec 3 §3 "Runtime error item": title, details, componentName). */
export interface RuntimeErrorItem {
  id: string;
  title: string;
  details: string;
  componentName: string | null;
  /** How many times it was reported since it appeared. */
  count: number;
}

/** The panel keeps at most this many distinct errors (the oldest go first). */
export const MAX_RUNTIME_ERRORS = 20;

const sameError = (item: RuntimeErrorItem, message: RuntimeErrorMessage) =>
  item.title === message.title && item.componentName === message.componentName;

/** Adds a reported error; the same title in the same component counts up instead of repeating. */
export function addRuntimeError(
  errors: readonly RuntimeErrorItem[],
  message: RuntimeErrorMessage,
  newId: () => string,
): RuntimeErrorItem[] {
  const existing = errors.find((item) => sameError(item, message));
  if (existing) {
    return errors.map((item) =>
      item === existing ? { ...item, details: message.details, count: item.count + 1 } : item,
    );
  }
  const added: RuntimeErrorItem = {
    id: newId(),
    title: message.title,
    details: message.details,
    componentName: message.componentName,
    count: 1,
  };
  return [...errors, added].slice(-MAX_RUNTIME_ERRORS);
}

export type PanelAutoState = 'expand' | 'minimize' | null;

/**
 * What the panel does on its own when the number of errors changes (spec 3 §4): it expands when
 * new errors arrive and minimises when none are left (after the last one is suppressed); both after
 * the auto-state delay.
 */
export function panelAutoState(previousCount: number, count: number): PanelAutoState {
  if (count > previousCount) return 'expand';
  if (count === 0 && previousCount > 0) return 'minimize';
  return null;
}

/** The chat message "Resolve with AI" sends: every error with where it happened and its details. */
export function errorReportMessage(errors: readonly RuntimeErrorItem[]): string {
  const lines = ['The app shows these errors in the preview. Please fix them.', ''];
  errors.forEach((error, index) => {
    const where = error.componentName ? ` (in ${error.componentName})` : '';
    lines.push(`${index + 1}. ${error.title}${where}`);
    const details = error.details.trim();
    if (details && details !== error.title) lines.push('```', details.slice(0, 2000), '```');
  });
  return lines.join('\n');
}
