import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Whole seconds left until a deadline `seconds` from the start (or the last restart).
 * Measured against the clock, so a throttled background tab still shows the right time.
 */
export function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));
  const done = remaining === 0;

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [done, deadline]);

  const restart = useCallback(() => {
    const start = Date.now();
    setNow(start);
    setDeadline(start + seconds * 1000);
  }, [seconds]);

  return { remaining, restart };
}

/** 300 → "5:00", 59 → "0:59". */
export function formatCountdown(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
