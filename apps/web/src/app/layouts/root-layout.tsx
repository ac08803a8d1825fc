import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useReferralCapture } from '../../lib/referral';

export function RootLayout() {
  useReferralCapture();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-[60] h-1 animate-pulse bg-gradient-to-r from-lime via-pink to-cyan"
        />
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
