import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, vi, type MockInstance } from 'vitest';

/** One page of a list's answer: these rows, of `total` across the pages. */
export function pageOf<T>(rows: T[], total = rows.length) {
  return { data: { data: rows, page: 1, limit: 10, totalResults: total, totalPages: 1 } };
}

/** The query parameters of each request the mocked `fetch` received for `pathname`, in order. */
export function queriesTo(spy: MockInstance<typeof fetch>, pathname: string) {
  return () =>
    spy.mock.calls
      .map(
        ([input]) =>
          new URL(input instanceof Request ? input.url : String(input), 'http://site.test'),
      )
      .filter((url) => url.pathname === pathname)
      .map((url) => Object.fromEntries(url.searchParams));
}

/** Sets each filter (its label → value) on the fake clock, `gapMs` apart. */
export async function changeFilters(changes: readonly [string, string][], gapMs: number) {
  for (const [index, [label, value]] of changes.entries()) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
    if (index < changes.length - 1) await act(() => vi.advanceTimersByTimeAsync(gapMs));
  }
}

/**
 * On the fake clock, changes the filters `gapMs` apart (each under the 1000 ms wait); the list
 * reloads once, 1000 ms after the last change, with `query`.
 */
export async function expectOneReloadAfterFilters(
  calls: () => Record<string, string>[],
  changes: readonly [string, string][],
  gapMs: number,
  query: Record<string, string>,
) {
  vi.useFakeTimers();
  await changeFilters(changes, gapMs);
  await act(() => vi.advanceTimersByTimeAsync(999));
  expect(calls()).toHaveLength(1);

  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(calls()).toHaveLength(2);
  expect(calls()[1]).toEqual(query);
}

/**
 * A new page size reloads at once from page 1, and Next page at once with the next page.
 * `next` clicks Next page (with user-event or fireEvent).
 */
export async function expectPagingAtOnce(
  calls: () => Record<string, string>[],
  limit: number,
  next: (button: HTMLElement) => unknown,
) {
  fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: String(limit) } });
  await waitFor(() => expect(calls()).toHaveLength(2));
  expect(calls()[1]).toEqual({ page: '1', limit: String(limit) });

  await waitFor(() => expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled());
  await next(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(calls()).toHaveLength(3));
  expect(calls()[2]).toEqual({ page: '2', limit: String(limit) });
}
