import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { ResetCodeForm } from './reset-code-form';

function UpdateProbe() {
  return <p>Update page for {JSON.stringify(useLocation().state)}</p>;
}

function renderForm() {
  return renderRoutes(
    [
      { path: '/forgetpasswordotp', element: <ResetCodeForm email="jamie@example.com" /> },
      { path: '/updatepassword', element: <UpdateProbe /> },
    ],
    ['/forgetpasswordotp'],
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n}` });

afterEach(() => {
  vi.useRealTimers();
  toast.clear();
  vi.restoreAllMocks();
});

describe('ResetCodeForm', () => {
  it('asks for every digit', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.otpDigits);
  });

  it('has six boxes: a reset code is six digits', () => {
    mockApi({});
    renderForm();
    expect(screen.getAllByRole('textbox', { name: /^Digit \d$/ })).toHaveLength(6);
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
  });

  it('trades the code for a reset token and moves on with both', async () => {
    const api = mockApi({
      'POST /v1/auth/forgetOTPVerfication': {
        message: 'Code verified',
        data: { resetToken: 'rt-1' },
      },
    });
    const user = userEvent.setup();
    const { router } = renderForm();

    await user.click(box(1));
    await user.paste('246813');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Code verified')).toBeInTheDocument();
    await screen.findByText(/Update page/);
    expect(router.state.location.state).toEqual({ email: 'jamie@example.com', resetToken: 'rt-1' });
    expect(api.bodies('POST /v1/auth/forgetOTPVerfication')).toEqual([
      { otp: '246813', email: 'jamie@example.com' },
    ]);
  });

  it('shows the server message, clears the boxes and refocuses the first', async () => {
    mockApi({
      'POST /v1/auth/forgetOTPVerfication': { status: 400, message: messages.invalidCode },
    });
    const user = userEvent.setup();
    renderForm();

    await user.click(box(1));
    await user.paste('111111');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(messages.invalidCode)).toBeInTheDocument();
    await waitFor(() => expect(box(6)).toHaveValue(''));
    expect(box(1)).toHaveFocus();
  });

  it('resends a reset code (verifyUser) at 0', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = mockApi({ 'POST /v1/auth/resendOTP': { message: 'Sent again' } });
    renderForm();

    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(300_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));

    expect(await screen.findByText('Sent again')).toBeInTheDocument();
    expect(api.bodies('POST /v1/auth/resendOTP')).toEqual([
      { email: 'jamie@example.com', type: 'verifyUser' },
    ]);
  });
});
