import { useEffect, useRef } from 'react';
import { entityPath } from '../api.ts';

/** Changes that arrive within this long are one refresh (a CSV import sends many). */
const SETTLE_MS = 300;
const CHANGE_EVENTS = ['create', 'update', 'delete'] as const;

/**
 * Keeps the Database panel live (issue 19 item 5): the entity's change stream
 * (`GET …/entities/{entity}/subscribe`, the one the app SDK's `subscribe` uses) tells the panel when
 * a record is created, changed or deleted by anyone (an end user of the published app, the
 * preview, another tab), and `onChange` refetches the rows. The browser reconnects a dropped
 * stream by itself.
 */
export function useLiveRecords(appId: string, entity: string, onChange: () => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(entityPath(appId, entity, 'subscribe'), { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), SETTLE_MS);
    };
    for (const type of CHANGE_EVENTS) source.addEventListener(type, changed);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [appId, entity]);
}
