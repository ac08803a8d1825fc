import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { toast, Toaster } from '../components/ui/toast';

/** The browser's clipboard, answering `writeText` with this function. */
export function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

/** Every test of the file runs on the fake clock; after each, the toasts are cleared. */
export function withFakeClockAndToasts() {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => toast.clear());
    vi.useRealTimers();
  });
}

/** Renders `ui` with the toaster beside it. */
export const renderWithToaster = (ui: ReactNode) =>
  render(
    <>
      {ui}
      <Toaster />
    </>,
  );

/** On the fake clock: `button` says Copied! for `ms` milliseconds, not one more. */
export function expectCopiedFor(button: HTMLElement, ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms - 1);
  });
  expect(button).toHaveTextContent('Copied!');
  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(button).not.toHaveTextContent('Copied!');
}
