import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokensFixture, userFixture } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { useReferralCapture, useReferralCode } from './referral';
import { clearSession, setSession } from './session';

function Probe() {
  useReferralCapture();
  return <p>code:{useReferralCode() ?? 'none'}</p>;
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

afterEach(() => clearSession());

describe('referral code', () => {
  it("saves a visitor's referral_code and prefers the URL over storage", () => {
    localStorage.setItem('referralCode', 'OLD');
    const { getByText } = renderAt('/token/buy?referral_code=NEW1');
    expect(getByText('code:NEW1')).toBeInTheDocument();
    expect(localStorage.getItem('referralCode')).toBe('NEW1');
  });

  it('falls back to the stored code', () => {
    localStorage.setItem('referralCode', 'KEPT');
    const { getByText } = renderAt('/');
    expect(getByText('code:KEPT')).toBeInTheDocument();
  });

  it('drops the saved code once a user is signed in', () => {
    localStorage.setItem('referralCode', 'KEPT');
    setSession({ user: userFixture, tokens: tokensFixture() });
    renderAt('/?referral_code=IGNORED');
    expect(localStorage.getItem('referralCode')).toBeNull();
  });
});

describe('referral click', () => {
  it('logs one click per visit for a visitor who arrives with referral_code', async () => {
    sessionStorage.clear();
    const api = mockApi({ 'POST /v1/affiliate/click': { data: { recorded: true } } });
    const first = renderAt('/token/buy?referral_code=ABC12345');
    await waitFor(() =>
      expect(api.bodies('POST /v1/affiliate/click')).toEqual([
        { referralCode: 'ABC12345', landingPath: '/token/buy' },
      ]),
    );
    first.unmount();
    renderAt('/?referral_code=ABC12345');
    expect(api.bodies('POST /v1/affiliate/click')).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('logs nothing without a code or for someone signed in', () => {
    sessionStorage.clear();
    const api = mockApi({});
    const plain = renderAt('/');
    plain.unmount();
    setSession({ user: userFixture, tokens: tokensFixture() });
    renderAt('/?referral_code=ABC12345');
    expect(api.spy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
