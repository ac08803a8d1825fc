import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from './session';

export const REFERRAL_PARAM = 'referral_code';
export const REFERRAL_STORAGE_KEY = 'referralCode';

export function getStoredReferralCode(): string | null {
  try {
    return localStorage.getItem(REFERRAL_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** The referral code in force: the URL's `referral_code`, else the stored one. */
export function useReferralCode(): string | null {
  const [searchParams] = useSearchParams();
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
  useEffect(() => {
    if (user) localStorage.removeItem(REFERRAL_STORAGE_KEY);
    else if (fromUrl) localStorage.setItem(REFERRAL_STORAGE_KEY, fromUrl);
  }, [user, fromUrl]);
}
