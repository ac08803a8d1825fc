import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { tokensFixture, userFixture } from '../testing/fixtures';
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
