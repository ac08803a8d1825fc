import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeLeft, useTimeLeft } from './use-time-left';

afterEach(() => {
  vi.useRealTimers();
});

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = Date.UTC(2030, 0, 1);
    const end = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(timeLeft(end, now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      totalSeconds: (2 * 24 + 3) * 3600 + 4 * 60 + 5,
      ended: false,
    });
    expect(timeLeft(now - 1000, now)).toMatchObject({ days: 0, seconds: 0, ended: true });
  });

  it('ticks every second and stops at the end', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2030, 0, 1, 0, 0, 0));
    const { result } = renderHook(() => useTimeLeft('2030-01-01T00:00:02.000Z'));
    expect(result.current).toMatchObject({ seconds: 2, ended: false });

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toMatchObject({ seconds: 1 });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toMatchObject({ seconds: 0, ended: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives nothing for a date it cannot read', () => {
    const { result } = renderHook(() => useTimeLeft('not a date'));
    expect(result.current).toBeNull();
  });
});
