import { use } from 'react';
import { Outlet } from 'react-router';
import { useFocusHeadingOnNavigate } from '../../lib/focus-heading';
import { useReferralCapture } from '../../lib/referral';
import { PageLoadingContext } from '../browser-router';

export function RootLayout() {
  useReferralCapture();
  const loading = use(PageLoadingContext);
  useFocusHeadingOnNavigate(loading);
  return (
    <>
      {loading ? (
        // Shown only when the next page takes a moment, not on every click.
        <div className="fixed inset-x-0 top-0 z-[60] transition-opacity delay-150 starting:opacity-0">
          <div
            role="progressbar"
            aria-label="Loading page"
            className="h-1 animate-pulse bg-gradient-to-r from-lime via-pink to-cyan"
          />
        </div>
      ) : null}
      <Outlet />
    </>
  );
}
