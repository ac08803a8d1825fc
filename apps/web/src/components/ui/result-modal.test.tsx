import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ResultModal } from './result-modal';

describe('ResultModal', () => {
  it('shows SUCCESS with the chosen buttons and follows them', async () => {
    const onClose = vi.fn();
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <ResultModal
            open
            kind="success"
            message="Payment verified"
            actions={['transactions', 'ok']}
            onClose={onClose}
          />
        ),
      },
    ]);
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('dialog', { name: 'SUCCESS' })).toHaveTextContent('Payment verified');
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View Transactions' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/transaction'));
  });
});
