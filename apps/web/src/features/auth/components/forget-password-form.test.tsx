import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { ForgetPasswordForm } from './forget-password-form';

function CodeProbe() {
  return <p>Code page for {JSON.stringify(useLocation().state)}</p>;
}

function renderForm() {
  return renderRoutes(
    [
      { path: '/forgetpassword', element: <ForgetPasswordForm /> },
      { path: '/forgetpasswordotp', element: <CodeProbe /> },
    ],
    ['/forgetpassword'],
  );
}

afterEach(() => {
  toast.clear();
  vi.restoreAllMocks();
});

describe('ForgetPasswordForm', () => {
  it("shows 'Please enter a valid email address.' and clears it on focus", async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('Email'), 'jamie.example.com{Enter}');

    expect(await screen.findByText(messages.resetEmail)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.resetEmail);
    expect(api.spy).not.toHaveBeenCalled();
    await user.tab();
    await user.click(screen.getByLabelText('Email'));
    expect(screen.queryByText(messages.resetEmail)).not.toBeInTheDocument();
  });

  it('sends the code and moves on with the e-mail', async () => {
    const api = mockApi({
      'POST /v1/auth/forgetPasswordOTP': { message: 'If an account exists, a code was sent.' },
    });
    const user = userEvent.setup();
    const { router } = renderForm();

    await user.type(screen.getByLabelText('Email'), 'Jamie@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('If an account exists, a code was sent.')).toBeInTheDocument();
    await screen.findByText(/Code page/);
    expect(router.state.location.state).toEqual({ email: 'jamie@example.com' });
    expect(api.bodies('POST /v1/auth/forgetPasswordOTP')).toEqual([{ email: 'jamie@example.com' }]);
  });

  it('shows the server message when sending fails', async () => {
    mockApi({
      'POST /v1/auth/forgetPasswordOTP': { status: 429, message: 'Too many codes, try later' },
    });
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('Email'), 'jamie@example.com{Enter}');
    expect(await screen.findByText('Too many codes, try later')).toBeInTheDocument();
  });
});
