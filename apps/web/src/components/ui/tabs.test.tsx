import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const items = [
  { value: 'new', label: 'Create new account', panel: <p>Sign-up form</p> },
  { value: 'login', label: 'Login to proceed', panel: <p>Login form</p> },
];

describe('Tabs', () => {
  it('uses a roving tabindex and arrow keys', () => {
    const onValueChange = vi.fn();
    render(<Tabs label="Account" items={items} onValueChange={onValueChange} />);
    const [first, second] = screen.getAllByRole('tab');

    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Create new account' })).toHaveTextContent(
      'Sign-up form',
    );

    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowRight' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveFocus();
    expect(onValueChange).toHaveBeenCalledWith('login');
    expect(screen.getByRole('tabpanel', { name: 'Login to proceed' })).toHaveTextContent(
      'Login form',
    );

    fireEvent.keyDown(second as HTMLElement, { key: 'ArrowRight' });
    expect(first).toHaveFocus();
  });
});
