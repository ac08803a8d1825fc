import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOnUserFocus, focusFirstInvalid, useFocusFirstError } from './focus-first-error';

afterEach(() => vi.restoreAllMocks());

describe('focusFirstInvalid', () => {
  it('scrolls the first invalid control in page order into view and focuses it', () => {
    render(
      <form data-testid="form">
        <input aria-label="Fine" />
        <div data-field="" data-testid="frame">
          <input aria-label="Receipt" aria-invalid="true" />
        </div>
        <input aria-label="Later" aria-invalid="true" />
      </form>,
    );
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    expect(focusFirstInvalid(screen.getByTestId('form'))).toBe(true);
    expect(screen.getByLabelText('Receipt')).toHaveFocus();
    // The field's frame (label, control and message) is what comes into view.
    expect(scrolled.mock.contexts[0]).toBe(screen.getByTestId('frame'));
  });

  it('skips disabled controls and says when nothing is invalid', () => {
    render(
      <form data-testid="form">
        <input aria-label="Locked" aria-invalid="true" disabled />
      </form>,
    );
    expect(focusFirstInvalid(screen.getByTestId('form'))).toBe(false);
  });
});

function Form() {
  const [submitCount, setSubmitCount] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstError(submitCount, errors);
  const clear = (name: string) => () => setErrors(({ [name]: _, ...rest }) => rest);
  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({ name: 'Name Is Required', email: 'Email Is Required' });
        setSubmitCount((n) => n + 1);
      }}
    >
      {(['name', 'email'] as const).map((name) => (
        <div key={name}>
          <input
            aria-label={name}
            aria-invalid={errors[name] ? true : undefined}
            onFocus={clearOnUserFocus(clear(name))}
          />
          {errors[name] ? <span>{errors[name]}</span> : null}
        </div>
      ))}
      <button type="submit">Submit</button>
    </form>
  );
}

describe('useFocusFirstError with clearOnUserFocus', () => {
  it('moves to the first error without clearing it; typing or moving there clears', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('name')).toHaveFocus();
    expect(screen.getByText('Name Is Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('name'), 'J');
    expect(screen.queryByText('Name Is Required')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('email'));
    expect(screen.queryByText('Email Is Required')).not.toBeInTheDocument();
  });
});
