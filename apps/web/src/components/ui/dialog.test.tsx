import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open terms</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Terms and Conditions">
        <p>Read carefully.</p>
        <Button onClick={() => setOpen(false)}>Accept</Button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is labelled, takes focus, makes the page inert, closes on Escape and gives focus back', () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Open terms' });
    trigger.focus();
    fireEvent.click(trigger);

    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveFocus();
    expect(trigger.closest('[inert]')).not.toBeNull();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger.closest('[inert]')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('keeps Tab inside the dialog', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open terms' }));
    const accept = screen.getByRole('button', { name: 'Accept' });
    const close = screen.getByRole('button', { name: 'Close' });

    fireEvent.keyDown(accept, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(accept).toHaveFocus();
  });
});
