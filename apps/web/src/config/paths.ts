/** Every route path of the site (spec section 2), in one place. */
export const paths = {
  home: '/',
  buy: '/token/buy',
  buyBank: '/token/buy/bank',
  buyCrypto: '/token/buy/crypto',
  whitePaper: '/white-paper',
  disclaimer: '/disclaimer',
  affiliateDisclaimer: '/affiliate-disclaimer',
  purchaseTerms: '/purchase-terms',

  login: '/login',
  signup: '/signup',
  otp: '/otp',
  forgetPassword: '/forgetpassword',
  forgetPasswordOtp: '/forgetpasswordotp',
  updatePassword: '/updatepassword',
  /** The link mailed when an address reached its wrong-code ceiling (token in the fragment). */
  mailboxProof: '/mailbox-proof',

  profile: '/profile',
  /** Identity documents and the buying limit (the 403 of an order over the limit links here). */
  identity: '/profile/identity',
  transaction: '/transaction',
  affiliates: '/affiliates',
  presaleRequests: '/presale-requests',
  /** Token delivery (the delivery e-mails link here). */
  delivery: '/delivery',
  /** A buyer's yearly statements, for their tax return. */
  statements: '/statements',
  /** The e-mailed consent link of a late bank payment's offer (token in the fragment). */
  lateOffer: '/late-offer',

  admin: '/admin',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The route pattern of one presale request's page, and its address. */
export const presaleRequestPattern = `${paths.presaleRequests}/:id`;
export const presaleRequestPath = (id: string) =>
  `${paths.presaleRequests}/${encodeURIComponent(id)}`;

/** The wallet panel of the profile, where a buyer saves the wallet tokens go to. */
export const profileWalletPath = `${paths.profile}#wallet`;

/** Spec section 2: the logged-out header button to /login, and that page's title, for every visitor. */
export const AFFILIATE_LOGIN = 'Affiliate Login';
