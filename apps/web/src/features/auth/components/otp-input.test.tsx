import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyOtp, OtpInput } from './otp-input';

function Harness() {
  const [value, setValue] = useState(emptyOtp);
  return (
    <>
      <p id="otp-label">Code</p>
      <OtpInput value={value} onChange={setValue} labelledBy="otp-label" />
      <output>{value.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n}` });
const code = () => screen.getByRole('status').textContent;

describe('OtpInput', () => {
  it('is a labelled group of four numeric boxes', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Code' })).toBeInTheDocument();
    for (const n of [1, 2, 3, 4]) {
      expect(box(n)).toHaveAttribute('inputmode', 'numeric');
    }
  });

  it('moves to the next box as digits are typed and ignores anything else', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(box(1));
    await user.keyboard('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('x');
    expect(box(2)).toHaveValue('');
    expect(box(2)).toHaveFocus();
    await user.keyboard('234');
    expect(code()).toBe('1234');
    expect(box(4)).toHaveFocus();
  });

  it('goes back on Backspace in an empty box, clearing the digit there', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(box(1));
    await user.keyboard('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(code()).toBe('1');
    await user.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
    expect(code()).toBe('');
  });

  it('moves with the arrow keys and replaces a digit typed over', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(box(1));
    await user.keyboard('1234');
    await user.click(box(2));
    await user.keyboard('{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(box(3)).toHaveFocus();
    await user.keyboard('9');
    expect(code()).toBe('1294');
  });

  it('fills every box from a pasted code, wherever it is pasted', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(box(3));
    await user.paste('Your code: 4 8 1 5');
    expect(code()).toBe('4815');
    expect(box(4)).toHaveFocus();
  });

  it('fills from the focused box when fewer digits are pasted', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(box(2));
    await user.paste('77');
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual(['', '7', '7', '']);
    expect(box(4)).toHaveFocus();
  });
});
