import { describe, expect, it } from 'vitest';
import { pageLabel, visiblePages } from './visible-pages';

describe('visible pages', () => {
  it('shows one page at a time in portrait', () => {
    expect(visiblePages(0, 9, true)).toEqual([0, 0]);
    expect(visiblePages(4, 9, true)).toEqual([4, 4]);
  });

  it('shows the cover alone, then spreads, in landscape', () => {
    expect(visiblePages(0, 9, false)).toEqual([0, 0]);
    expect(visiblePages(1, 9, false)).toEqual([1, 2]);
    expect(visiblePages(7, 9, false)).toEqual([7, 8]);
    expect(visiblePages(9, 10, false)).toEqual([9, 9]);
  });

  it('labels what is on show', () => {
    expect(pageLabel([0, 0], 9)).toBe('Page 1 of 9');
    expect(pageLabel([1, 2], 9)).toBe('Pages 2–3 of 9');
  });
});
