import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths, presaleRequestPattern } from '../config/paths';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './layouts/route-error';
import { lazyWithQuery } from './query-routes';
import { RequireAuth } from './require-auth';
import { HomeRoute } from './routes/home';
import { prerendered } from './route-list';

/*
 * Every page except home is loaded on demand, so the first load of "/" carries only the
 * shell; the admin console and the white paper viewer get their own chunks.
 */
const Buy = lazyWithQuery(() => import('./routes/buy').then((m) => m.BuyRoute));
const BuyBank = lazyWithQuery(() => import('./routes/buy-bank').then((m) => m.BuyBankRoute));
const BuyCrypto = lazyWithQuery(() => import('./routes/buy-crypto').then((m) => m.BuyCryptoRoute));
const WhitePaper = lazyWithQuery(() =>
  import('./routes/white-paper').then((m) => m.WhitePaperRoute),
);
const Disclaimer = lazyWithQuery(() =>
  import('./routes/disclaimer').then((m) => m.DisclaimerRoute),
);
const AffiliateDisclaimer = lazyWithQuery(() =>
  import('./routes/affiliate-disclaimer').then((m) => m.AffiliateDisclaimerRoute),
);
const PurchaseTerms = lazyWithQuery(() =>
  import('./routes/purchase-terms').then((m) => m.PurchaseTermsRoute),
);
const Profile = lazyWithQuery(() => import('./routes/profile').then((m) => m.ProfileRoute));
const Identity = lazyWithQuery(() => import('./routes/identity').then((m) => m.IdentityRoute));
const Transaction = lazyWithQuery(() =>
  import('./routes/transaction').then((m) => m.TransactionRoute),
);
const Affiliates = lazyWithQuery(() =>
  import('./routes/affiliates').then((m) => m.AffiliatesRoute),
);
const PresaleRequests = lazyWithQuery(() =>
  import('./routes/presale-requests').then((m) => m.PresaleRequestsRoute),
);
const PresaleRequest = lazyWithQuery(() =>
  import('./routes/presale-request').then((m) => m.PresaleRequestRoute),
);
const Delivery = lazyWithQuery(() => import('./routes/delivery').then((m) => m.DeliveryRoute));
const Statements = lazyWithQuery(() =>
  import('./routes/statements').then((m) => m.StatementsRoute),
);
const Admin = lazyWithQuery(() => import('./routes/admin').then((m) => m.AdminRoute));
const NotFound = lazyWithQuery(() => import('./routes/not-found').then((m) => m.NotFoundRoute));
const Login = lazyWithQuery(() => import('./routes/login').then((m) => m.LoginRoute));
const Signup = lazyWithQuery(() => import('./routes/signup').then((m) => m.SignupRoute));
const Otp = lazyWithQuery(() => import('./routes/otp').then((m) => m.OtpRoute));
const ForgetPassword = lazyWithQuery(() =>
  import('./routes/forget-password').then((m) => m.ForgetPasswordRoute),
);
const ForgetPasswordOtp = lazyWithQuery(() =>
  import('./routes/forget-password-otp').then((m) => m.ForgetPasswordOtpRoute),
);
const MailboxProof = lazyWithQuery(() =>
  import('./routes/mailbox-proof').then((m) => m.MailboxProofRoute),
);
const LateOffer = lazyWithQuery(() => import('./routes/late-offer').then((m) => m.LateOfferRoute));
const UpdatePassword = lazyWithQuery(() =>
  import('./routes/update-password').then((m) => m.UpdatePasswordRoute),
);

/** The path of the catch-all route: the "page not found" screen. */
export const NOT_FOUND_ROUTE = '*';

/** Pages with `handle: prerendered` are public: built to HTML, listed in the sitemap. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomeRoute />, handle: prerendered },
          { path: paths.buy, handle: prerendered, element: <Buy /> },
          { path: paths.buyBank, element: <BuyBank /> },
          { path: paths.buyCrypto, element: <BuyCrypto /> },
          { path: paths.whitePaper, handle: prerendered, element: <WhitePaper /> },
          { path: paths.disclaimer, handle: prerendered, element: <Disclaimer /> },
          {
            path: paths.affiliateDisclaimer,
            handle: prerendered,
            element: <AffiliateDisclaimer />,
          },
          { path: paths.purchaseTerms, handle: prerendered, element: <PurchaseTerms /> },
          { path: paths.lateOffer, element: <LateOffer /> },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.profile, element: <Profile /> },
              { path: paths.identity, element: <Identity /> },
              { path: paths.transaction, element: <Transaction /> },
              { path: paths.affiliates, element: <Affiliates /> },
              { path: paths.presaleRequests, element: <PresaleRequests /> },
              { path: presaleRequestPattern, element: <PresaleRequest /> },
              { path: paths.delivery, element: <Delivery /> },
              { path: paths.statements, element: <Statements /> },
              // The console routes its own sub-pages.
              { path: `${paths.admin}/*`, element: <Admin /> },
            ],
          },
          { path: NOT_FOUND_ROUTE, element: <NotFound /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: paths.login, handle: prerendered, element: <Login /> },
          { path: paths.signup, handle: prerendered, element: <Signup /> },
          { path: paths.otp, element: <Otp /> },
          { path: paths.forgetPassword, element: <ForgetPassword /> },
          { path: paths.forgetPasswordOtp, element: <ForgetPasswordOtp /> },
          { path: paths.updatePassword, element: <UpdatePassword /> },
          { path: paths.mailboxProof, element: <MailboxProof /> },
        ],
      },
    ],
  },
];

/** The app's pages at the router's location, a failed page replaced by the error screen. */
export function AppRoutes() {
  const location = useLocation();
  const page = useRoutes(routes);
  return <RouteErrorBoundary location={location}>{page}</RouteErrorBoundary>;
}
