import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  expectCopiedFor,
  mockClipboard,
  renderWithToaster,
  withFakeClockAndToasts,
} from '../../testing/clipboard';
import { CopyButton } from './copy-button';
import { toast, Toaster } from './toast';

withFakeClockAndToasts();

describe('CopyButton', () => {
  it('copies and shows Copied! for 2 seconds, announced, with no toast as well', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    mockClipboard(writeText);
    renderWithToaster(<CopyButton value="0xabc123" label="Copy address" />);
    const button = screen.getByRole('button', { name: 'Copy address' });

    fireEvent.click(button);
    await act(() => Promise.resolve());

    expect(writeText).toHaveBeenCalledWith('0xabc123');
    expect(button).toHaveTextContent('Copied!');
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');
    // One cue only: the toast region stays empty.
    expect(screen.getByRole('region', { name: /notifications/i })).toBeEmptyDOMElement();
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();

    expectCopiedFor(button, 2000);
    expect(button).toHaveTextContent('Copy address');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('toasts a failure and keeps its label', async () => {
    mockClipboard(() => Promise.reject(new Error('denied')));
    renderWithToaster(<CopyButton value="0xabc123" />);
    const button = screen.getByRole('button', { name: 'Copy' });

    fireEvent.click(button);
    await act(() => Promise.resolve());

    expect(screen.getByText('Failed to copy!')).toBeInTheDocument();
    expect(button).toHaveTextContent('Copy');
    expect(button).not.toHaveTextContent('Copied!');
  });

  it('toasts close by themselves after 5 seconds', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
