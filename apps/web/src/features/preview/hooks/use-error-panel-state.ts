import { ERROR_PANEL_AUTO_STATE_DELAY_MS } from '@atelier/shared';
import { useEffect, useRef, useState } from 'react';
import { panelAutoState } from '../runtime-errors.ts';

/**
 * Expanded or minimised (spec 3 §4): minimised while there are no errors; it expands on its own
 * when new errors arrive and minimises when the last one is suppressed, each after the auto-state
 * delay (1 s). The builder can expand or minimise it in between.
 */
export function useErrorPanelState(errorCount: number) {
  const [expanded, setExpanded] = useState(false);
  const previous = useRef(errorCount);

  useEffect(() => {
    const action = panelAutoState(previous.current, errorCount);
    previous.current = errorCount;
    if (!action) return;
    const timer = setTimeout(() => setExpanded(action === 'expand'), ERROR_PANEL_AUTO_STATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [errorCount]);

  return { expanded: expanded && errorCount > 0, setExpanded };
}
