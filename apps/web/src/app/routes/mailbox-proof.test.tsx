import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages, securityMessages } from '@tmc/shared';
import { toast } from '../../components/ui/toast';
import { mockApi } from '../../testing/mock-api';
import { renderRoutes } from '../../testing/render';
import { routes } from '../router';

afterEach(() => {
  toast.clear();
  vi.restoreAllMocks();
});

describe('/mailbox-proof', () => {
  it('sends the token of the link once and goes on to the reset code screen with the e-mail', async () => {
    window.history.replaceState(null, '', '/mailbox-proof#token=tok-123');
    const api = mockApi({
      'POST /v1/auth/mailbox-proof': {
        data: { email: 'jamie@example.com', type: 'verifyUser' },
        message: securityMessages.mailboxProven,
      },
    });
    const { router } = renderRoutes(routes, ['/mailbox-proof']);
    expect(await screen.findByText(securityMessages.mailboxProven)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Enter Reset Code' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ email: 'jamie@example.com' });
    expect(api.bodies('POST /v1/auth/mailbox-proof')).toEqual([{ token: 'tok-123' }]);
    expect(window.location.hash).toBe('');
  });

  it('says so when the link is used or expired', async () => {
    window.history.replaceState(null, '', '/mailbox-proof#token=used');
    mockApi({
      'POST /v1/auth/mailbox-proof': { status: 400, message: authMessages.linkToken },
    });
    renderRoutes(routes, ['/mailbox-proof']);
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.linkToken);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
