import type { RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { paths, presaleRequestPattern } from '../config/paths';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { RequireAuth } from './require-auth';
import { HomeRoute } from './routes/home';
import { prerendered } from './route-list';

/*
 * Every page except home is loaded on demand, so the first load of "/" carries only the
 * shell; the admin console and the white paper viewer get their own chunks.
 * Pages with `handle: prerendered` are public: built to HTML, listed in the sitemap.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomeRoute />, handle: prerendered },
          {
            path: paths.buy,
            handle: prerendered,
            lazy: () => import('./routes/buy').then((m) => ({ Component: m.BuyRoute })),
          },
          {
            path: paths.buyBank,
            lazy: () => import('./routes/buy-bank').then((m) => ({ Component: m.BuyBankRoute })),
          },
          {
            path: paths.buyCrypto,
            lazy: () =>
              import('./routes/buy-crypto').then((m) => ({ Component: m.BuyCryptoRoute })),
          },
          {
            path: paths.whitePaper,
            handle: prerendered,
            lazy: () =>
              import('./routes/white-paper').then((m) => ({ Component: m.WhitePaperRoute })),
          },
          {
            path: paths.disclaimer,
            handle: prerendered,
            lazy: () =>
              import('./routes/disclaimer').then((m) => ({ Component: m.DisclaimerRoute })),
          },
          {
            path: paths.affiliateDisclaimer,
            handle: prerendered,
            lazy: () =>
              import('./routes/affiliate-disclaimer').then((m) => ({
                Component: m.AffiliateDisclaimerRoute,
              })),
          },
          {
            path: paths.purchaseTerms,
            handle: prerendered,
            lazy: () =>
              import('./routes/purchase-terms').then((m) => ({
                Component: m.PurchaseTermsRoute,
              })),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: paths.profile,
                lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })),
              },
              {
                path: paths.transaction,
                lazy: () =>
                  import('./routes/transaction').then((m) => ({ Component: m.TransactionRoute })),
              },
              {
                path: paths.affiliates,
                lazy: () =>
                  import('./routes/affiliates').then((m) => ({ Component: m.AffiliatesRoute })),
              },
              {
                path: paths.presaleRequests,
                lazy: () =>
                  import('./routes/presale-requests').then((m) => ({
                    Component: m.PresaleRequestsRoute,
                  })),
              },
              {
                path: presaleRequestPattern,
                lazy: () =>
                  import('./routes/presale-request').then((m) => ({
                    Component: m.PresaleRequestRoute,
                  })),
              },
              {
                // The console routes its own sub-pages.
                path: `${paths.admin}/*`,
                lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminRoute })),
              },
            ],
          },
          {
            path: '*',
            lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
          },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          {
            path: paths.login,
            handle: prerendered,
            lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })),
          },
          {
            path: paths.signup,
            handle: prerendered,
            lazy: () => import('./routes/signup').then((m) => ({ Component: m.SignupRoute })),
          },
          {
            path: paths.otp,
            lazy: () => import('./routes/otp').then((m) => ({ Component: m.OtpRoute })),
          },
          {
            path: paths.forgetPassword,
            lazy: () =>
              import('./routes/forget-password').then((m) => ({
                Component: m.ForgetPasswordRoute,
              })),
          },
          {
            path: paths.forgetPasswordOtp,
            lazy: () =>
              import('./routes/forget-password-otp').then((m) => ({
                Component: m.ForgetPasswordOtpRoute,
              })),
          },
          {
            path: paths.updatePassword,
            lazy: () =>
              import('./routes/update-password').then((m) => ({
                Component: m.UpdatePasswordRoute,
              })),
          },
        ],
      },
    ],
  },
];
