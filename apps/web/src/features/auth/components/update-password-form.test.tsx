import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { UpdatePasswordForm } from './update-password-form';

function LoginProbe() {
  return <p>Login page for {JSON.stringify(useLocation().state)}</p>;
}

function renderForm() {
  return renderRoutes(
    [
      {
        path: '/updatepassword',
        element: <UpdatePasswordForm email="jamie@example.com" resetToken="rt-1" />,
      },
      { path: '/login', element: <LoginProbe /> },
    ],
    ['/updatepassword'],
  );
}

const newPassword = () => screen.getByLabelText('New Password');
const confirmPassword = () => screen.getByLabelText('Confirm Password');

afterEach(() => {
  toast.clear();
  vi.restoreAllMocks();
});

describe('UpdatePasswordForm', () => {
  it('shows the reset messages and clears each on focus', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderForm();

    await user.type(newPassword(), '12345');
    await user.type(confirmPassword(), '54321{Enter}');

    expect(await screen.findByText(messages.resetPassword)).toBeInTheDocument();
    expect(newPassword()).toHaveAccessibleDescription(messages.resetPassword);
    expect(confirmPassword()).toHaveAccessibleDescription(messages.resetPasswordsMismatch);
    expect(api.spy).not.toHaveBeenCalled();

    // The first invalid field takes focus and keeps its message until typed in.
    expect(newPassword()).toHaveFocus();
    expect(screen.getByText(messages.resetPassword)).toBeInTheDocument();
    await user.type(newPassword(), '6');
    expect(screen.queryByText(messages.resetPassword)).not.toBeInTheDocument();
    await user.click(confirmPassword());
    expect(screen.queryByText(messages.resetPasswordsMismatch)).not.toBeInTheDocument();
  });

  it('accepts 8 characters, sends the reset token and goes to /login with the e-mail', async () => {
    const api = mockApi({
      'POST /v1/auth/forgetPassword': { message: 'Password updated, please log in' },
    });
    const user = userEvent.setup();
    const { router } = renderForm();

    await user.type(newPassword(), 'abcd1234');
    await user.type(confirmPassword(), 'abcd1234{Enter}');

    expect(await screen.findByText('Password updated, please log in')).toBeInTheDocument();
    await screen.findByText(/Login page/);
    expect(router.state.location.state).toEqual({ email: 'jamie@example.com' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.bodies('POST /v1/auth/forgetPassword')).toEqual([
      { email: 'jamie@example.com', password: 'abcd1234', resetToken: 'rt-1' },
    ]);
  });

  it('shows the server message when the token is refused', async () => {
    mockApi({
      'POST /v1/auth/forgetPassword': { status: 400, message: 'Invalid or expired reset token' },
    });
    const user = userEvent.setup();
    renderForm();

    await user.type(newPassword(), 'abcd1234');
    await user.type(confirmPassword(), 'abcd1234{Enter}');

    expect(await screen.findByText('Invalid or expired reset token')).toBeInTheDocument();
  });
});
