import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './combobox';

const options = [
  { value: 'EUR', label: 'EUR · Euro', keywords: 'Euro' },
  { value: 'GBP', label: 'GBP · British Pound', keywords: 'British Pound' },
  { value: 'USD', label: 'USD · US Dollar', keywords: 'US Dollar' },
];

function Harness({ onChange }: { onChange?: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Combobox
      label="Currency"
      options={options}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      clearLabel="Clear currency"
    />
  );
}

describe('Combobox', () => {
  it('filters by code or name and chooses with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Currency' });

    await user.type(input, 'pound');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'GBP · British Pound',
    ]);
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('GBP · British Pound');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.clear(input);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', expect.stringContaining('USD'));
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('takes an exact code typed and left, and clears', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Currency' });

    await user.type(input, 'usd');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('USD');
    expect(input).toHaveValue('USD · US Dollar');

    await user.click(screen.getByRole('button', { name: 'Clear currency' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'Currency' }), 'zzz');
    expect(screen.getByText('No matches')).toBeInTheDocument();
  });
});
