import { paths } from '../../config/paths';

/** The console's pages, under /admin. */
export const adminPaths = {
  dashboard: paths.admin,
  reviews: `${paths.admin}/reviews`,
  transactions: `${paths.admin}/transactions`,
  unmatchedPayments: `${paths.admin}/unmatched-payments`,
  refunds: `${paths.admin}/refunds`,
  identityReviews: `${paths.admin}/identity-reviews`,
  users: `${paths.admin}/users`,
  banks: `${paths.admin}/banks`,
  rates: `${paths.admin}/rates`,
  stages: `${paths.admin}/stages`,
  settings: `${paths.admin}/settings`,
  payouts: `${paths.admin}/payouts`,
  distributions: `${paths.admin}/distributions`,
  auditLog: `${paths.admin}/audit-log`,
  system: `${paths.admin}/system`,
} as const;

export const adminNav = [
  { to: adminPaths.dashboard, label: 'Dashboard' },
  { to: adminPaths.reviews, label: 'Review queue' },
  // Second queue to act on, so its count shows in the first screenful of the phone's tab row.
  { to: adminPaths.unmatchedPayments, label: 'Unmatched payments' },
  { to: adminPaths.refunds, label: 'Refunds' },
  { to: adminPaths.identityReviews, label: 'Identity reviews' },
  { to: adminPaths.transactions, label: 'Transactions' },
  { to: adminPaths.users, label: 'Users' },
  { to: adminPaths.banks, label: 'Banks' },
  { to: adminPaths.rates, label: 'Currency rates' },
  { to: adminPaths.stages, label: 'Stages' },
  { to: adminPaths.settings, label: 'Settings' },
  { to: adminPaths.payouts, label: 'Payouts' },
  { to: adminPaths.distributions, label: 'Distributions' },
  { to: adminPaths.auditLog, label: 'Audit log' },
  { to: adminPaths.system, label: 'System' },
] as const;
