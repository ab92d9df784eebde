import { useEffect, useState } from 'react';
import { RELATIVE_TIME_PERIOD_MS, relativeTime } from '../lib/relative-time.ts';

/** A time shown relative to now ("5 minutes ago"), refreshed once a minute; the exact time on hover. */
export function RelativeTime({ value }: { value: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), RELATIVE_TIME_PERIOD_MS);
    return () => clearInterval(timer);
  }, []);
  const at = new Date(value);
  return (
    <time dateTime={at.toISOString()} title={at.toLocaleString()}>
      {relativeTime(at, now)}
    </time>
  );
}
