import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_VISIBLE_TOASTS, toast, Toaster } from './toast';

afterEach(() => act(() => toast.clear()));

const shown = () =>
  within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByText(/./, { selector: 'p > span:not(.sr-only)' })
    .map((el) => el.textContent);

describe('toasts', () => {
  it('replace rather than pile up: the same message once, at most two on screen', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Receipt not provided');
      toast.error('Receipt not provided');
    });
    expect(shown()).toEqual(['Receipt not provided']);
    act(() => {
      toast.error('Please Select Bank');
      toast.success('Copied');
    });
    expect(MAX_VISIBLE_TOASTS).toBe(2);
    expect(shown()).toEqual(['Please Select Bank', 'Copied']);
  });

  it('publish the room they take, so an open dialog ends above them', () => {
    render(<Toaster />);
    expect(document.documentElement.style.getPropertyValue('--toast-space')).toBe('');
    act(() => void toast.error('Upload failed. Please try again.'));
    expect(document.documentElement.style.getPropertyValue('--toast-space')).toMatch(/^\d+px$/);
    act(() => toast.clear());
    expect(document.documentElement.style.getPropertyValue('--toast-space')).toBe('');
  });
});
