import { useEffect, useState } from 'react';

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** All of it in whole seconds. */
  totalSeconds: number;
  /** True once the end has passed. */
  ended: boolean;
}

/** Whole days, hours, minutes and seconds from `now` until `end` (both in ms). */
export function timeLeft(end: number, now: number): TimeLeft {
  const total = Math.max(0, Math.floor((end - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
    totalSeconds: total,
    ended: total === 0,
  };
}

/** Time left until `end`, ticking every second until it is reached; null for a bad date. */
export function useTimeLeft(end: string): TimeLeft | null {
  const endMs = Date.parse(end);
  const [now, setNow] = useState(() => Date.now());
  const running = Number.isFinite(endMs) && now < endMs;

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);

  return Number.isFinite(endMs) ? timeLeft(endMs, now) : null;
}
