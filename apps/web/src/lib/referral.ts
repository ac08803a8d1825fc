import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { api } from './api-client';
import { useHydrated } from './use-hydrated';
import { useSession } from './session';

export const REFERRAL_PARAM = 'referral_code';
export const REFERRAL_STORAGE_KEY = 'referralCode';
/** Session storage marker: this tab already logged a click for the code. */
const CLICK_LOGGED_KEY = 'referralClickLogged';

/** Set by the server on a page asked for with `?referral_code=`, before any script runs. */
const REFERRAL_COOKIE = 'tmc_referral_code';

function cookieReferralCode(): string | null {
  const match = new RegExp(`(?:^|; )${REFERRAL_COOKIE}=([A-Za-z0-9_-]{1,32})(?:;|$)`).exec(
    document.cookie,
  );
  return match?.[1] ?? null;
}

const dropReferralCookie = () => {
  document.cookie = `${REFERRAL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
};

export function getStoredReferralCode(): string | null {
  try {
    return localStorage.getItem(REFERRAL_STORAGE_KEY) || cookieReferralCode();
  } catch {
    return cookieReferralCode();
  }
}

/**
 * The referral code in force: the URL's `referral_code`, else the stored one. None while a
 * prerendered page hydrates: its HTML was made without a query string or storage.
 */
export function useReferralCode(): string | null {
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return searchParams.get(REFERRAL_PARAM)?.trim() || getStoredReferralCode();
}

/** `path` with `?referral_code=` added when there is a code. */
export function withReferral(path: string, code: string | null | undefined): string {
  if (!code) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${REFERRAL_PARAM}=${encodeURIComponent(code)}`;
}

/**
 * Keeps the stored referral code in step with the page: a visitor's code from the URL is
 * saved, and once someone is signed in the saved code is dropped (spec section 4).
 */
export function useReferralCapture(): void {
  const [searchParams] = useSearchParams();
  const { user } = useSession();
  const fromUrl = searchParams.get(REFERRAL_PARAM)?.trim();
  const { pathname } = useLocation();
  useEffect(() => {
    if (user) {
      localStorage.removeItem(REFERRAL_STORAGE_KEY);
      dropReferralCookie();
    } else if (fromUrl) localStorage.setItem(REFERRAL_STORAGE_KEY, fromUrl);
  }, [user, fromUrl]);

  // A visitor arriving through a referral link counts once per visit for the affiliate's funnel
  // (the server also keeps at most one a day per visitor). Signed-in people cannot sign up again.
  useEffect(() => {
    if (user || !fromUrl) return;
    const marker = `${CLICK_LOGGED_KEY}:${fromUrl}`;
    try {
      if (sessionStorage.getItem(marker)) return;
      sessionStorage.setItem(marker, '1');
    } catch {
      // Storage blocked: log anyway; the server's daily limit still applies.
    }
    api
      .post(
        '/v1/affiliate/click',
        { referralCode: fromUrl, landingPath: pathname },
        { auth: false },
      )
      .catch(() => undefined);
  }, [user, fromUrl, pathname]);
}
