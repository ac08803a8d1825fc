import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyableAddress } from './copyable-address';
import { toast, Toaster } from './toast';

const address = '0x2222222222222222222222222222222222222222';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => toast.clear());
  vi.useRealTimers();
});

describe('CopyableAddress', () => {
  it("copies when the address is clicked and shows 'Copied!' for 2 seconds, announced, no toast", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <>
        <CopyableAddress value={address} />
        <Toaster />
      </>,
    );
    const button = screen.getByRole('button', { name: `${address} Copy` });

    fireEvent.click(screen.getByText(address));
    await act(() => Promise.resolve());

    expect(writeText).toHaveBeenCalledWith(address);
    expect(button).toHaveTextContent('Copied!');
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(button).toHaveTextContent('Copied!');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button).toHaveAccessibleName(`${address} Copy`);
  });
});
