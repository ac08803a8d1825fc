/**
 * The pages on show for the book's current page index: one in portrait; in landscape the
 * cover alone, then spreads of two (the last page may be alone). 0-based, inclusive.
 */
export function visiblePages(current: number, count: number, portrait: boolean): [number, number] {
  if (portrait || current === 0) return [current, current];
  return [current, Math.min(current + 1, count - 1)];
}

/** "Page 1 of 9" or "Pages 2–3 of 9". */
export function pageLabel([first, last]: [number, number], count: number): string {
  return first === last
    ? `Page ${first + 1} of ${count}`
    : `Pages ${first + 1}–${last + 1} of ${count}`;
}
