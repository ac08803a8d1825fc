import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  expectCopiedFor,
  mockClipboard,
  renderWithToaster,
  withFakeClockAndToasts,
} from '../../testing/clipboard';
import { CopyableAddress } from './copyable-address';

const address = '0x2222222222222222222222222222222222222222';

withFakeClockAndToasts();

describe('CopyableAddress', () => {
  it("copies when the address is clicked and shows 'Copied!' for 2 seconds, announced, no toast", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    mockClipboard(writeText);
    renderWithToaster(<CopyableAddress value={address} />);
    const button = screen.getByRole('button', { name: `${address} Copy` });

    fireEvent.click(screen.getByText(address));
    await act(() => Promise.resolve());

    expect(writeText).toHaveBeenCalledWith(address);
    expect(button).toHaveTextContent('Copied!');
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
    expectCopiedFor(button, 2000);
    expect(button).toHaveAccessibleName(`${address} Copy`);
  });
});
