import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { securityMessages } from '@tmc/shared';
import { clearSession, getSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { TotpSetup } from './totp-setup';

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/TMC%20Presale:staff%40example.com?issuer=TMC%20Presale&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('TotpSetup', () => {
  it('without a link, asks the server to e-mail one and says so', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    const api = mockApi({
      'POST /v1/auth/totp/enrolment-link': {
        data: null,
        message: securityMessages.enrolmentLinkSent,
      },
    });
    const user = userEvent.setup();
    renderWithClient(<TotpSetup onDone={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'E-mail me a setup link' }));
    expect(await screen.findByText(securityMessages.enrolmentLinkSent)).toBeInTheDocument();
    expect(api.bodies('POST /v1/auth/totp/enrolment-link')).toHaveLength(1);
    expect(api.bodies('POST /v1/auth/totp/setup')).toEqual([]);
  });

  it('takes the token of the mailed link from the address fragment and removes it', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    window.history.replaceState(null, '', '/admin/enrol#token=abc-123_x');
    const api = mockApi({ 'POST /v1/auth/totp/setup': { data: { secret: SECRET, uri: URI } } });
    const user = userEvent.setup();
    renderWithClient(<TotpSetup onDone={vi.fn()} />);
    expect(window.location.hash).toBe('');
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(api.bodies('POST /v1/auth/totp/setup')).toEqual([{ token: 'abc-123_x' }]);
  });

  it('shows the QR code and key, refuses a wrong code, then shows the recovery codes and keeps the new tokens', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture('old', 'old-r') });
    const api = mockApi({
      'POST /v1/auth/totp/setup': { data: { secret: SECRET, uri: URI } },
      'POST /v1/auth/totp/confirm': (body) =>
        (body as { totp: string }).totp === '123456'
          ? { data: { recoveryCodes: CODES, tokens: tokensFixture('new', 'new-r') } }
          : {
              status: 400,
              message: securityMessages.totpRequired,
              errors: { totp: securityMessages.totpRequired },
            },
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<TotpSetup onDone={onDone} linkToken="link-token" />);

    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    expect(api.bodies('POST /v1/auth/totp/setup')).toEqual([{ token: 'link-token' }]);
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Setup key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    const code = screen.getByLabelText('Authentication code');
    await user.type(code, '654321{Enter}');
    expect(await screen.findByText(securityMessages.totpRequired)).toBeInTheDocument();
    expect(getSession().accessToken).toBe('old');

    await user.clear(code);
    await user.type(code, '123456{Enter}');
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(CODES);
    expect(getSession()).toMatchObject({ accessToken: 'new', refreshToken: 'new-r' });
    expect(api.bodies('POST /v1/auth/totp/confirm')).toEqual([
      { totp: '654321' },
      { totp: '123456' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Continue to the console' }));
    expect(onDone).toHaveBeenCalledOnce();
  });
});
