import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PayoutsService } from '../affiliates/payouts.service.ts';
import type { AdminBanksService } from './admin-banks.service.ts';
import { adminBanksRoutes } from './admin-banks.routes.ts';
import type { AdminPurchasesService } from './admin-purchases.service.ts';
import { adminPurchasesRoutes } from './admin-purchases.routes.ts';
import { adminPayoutsRoutes } from './admin-payouts.routes.ts';
import type { AdminSettingsService } from './admin-settings.service.ts';
import { adminSettingsRoutes } from './admin-settings.routes.ts';
import type { AdminStatsService } from './admin-stats.service.ts';
import { adminStatsRoutes } from './admin-stats.routes.ts';
import type { AdminTransactionsService } from './admin-transactions.service.ts';
import { adminTransactionsRoutes } from './admin-transactions.routes.ts';
import type { AdminUnmatchedPaymentsService } from './admin-unmatched-payments.service.ts';
import { adminUnmatchedPaymentsRoutes } from './admin-unmatched-payments.routes.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import type { AuditLogService } from './audit-log.service.ts';
import type { SystemStatusService } from './system-status.service.ts';
import { adminSystemRoutes } from './admin-system.routes.ts';
import { auditLogRoutes } from './audit-log.routes.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { deliveryAdminRoutes } from '../delivery/delivery-admin.routes.ts';
import type { StatementsService } from '../statements/statements.service.ts';
import { statementsAdminRoutes } from '../statements/statements.routes.ts';
import type { RefundsService } from '../refunds/refunds.service.ts';
import { adminRefundsRoutes } from '../refunds/refunds.routes.ts';
import type { StagesService } from '../stages/stages.service.ts';
import type { LateOffersService } from '../late-payments/late-offers.service.ts';
import { adminLateOfferRoutes } from '../late-payments/late-offers.routes.ts';
import { adminStagesRoutes } from './admin-stages.routes.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import { adminIdentityRoutes } from '../identity/identity.routes.ts';

export interface AdminServices {
  banks: AdminBanksService;
  settings: AdminSettingsService;
  users: AdminUsersService;
  purchases: AdminPurchasesService;
  transactions: AdminTransactionsService;
  unmatchedPayments: AdminUnmatchedPaymentsService;
  stats: AdminStatsService;
  payouts: PayoutsService;
  auditLog: AuditLogService;
  system: SystemStatusService;
  delivery: DeliveryService;
  statements: StatementsService;
  refunds: RefundsService;
  stages: StagesService;
  identity: IdentityService;
  lateOffers: LateOffersService;
}

/**
 * Every /admin route sits in this scope, whose first hook checks the role (401 without a token,
 * 403 for anyone but an admin) before the body is even read: no route can forget it. It is put
 * on each route, so the API document sees it and states the route's security.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminServices> = async (app, services) => {
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest ?? []].flat();
    // A GET's HEAD twin is made from the GET's options, which already have it.
    if (!hooks.includes(app.requireAdmin)) route.onRequest = [app.requireAdmin, ...hooks];
  });
  await app.register(adminStatsRoutes, { stats: services.stats });
  await app.register(adminPurchasesRoutes, { purchases: services.purchases });
  await app.register(adminTransactionsRoutes, { transactions: services.transactions });
  await app.register(adminUnmatchedPaymentsRoutes, {
    unmatchedPayments: services.unmatchedPayments,
  });
  await app.register(adminBanksRoutes, { banks: services.banks });
  await app.register(adminSettingsRoutes, { settings: services.settings });
  await app.register(adminStagesRoutes, { stages: services.stages });
  await app.register(adminUsersRoutes, { users: services.users });
  await app.register(adminPayoutsRoutes, { payouts: services.payouts });
  await app.register(auditLogRoutes, { auditLog: services.auditLog });
  await app.register(adminRefundsRoutes, { refunds: services.refunds });
  await app.register(adminIdentityRoutes, { identity: services.identity });
  await app.register(adminLateOfferRoutes, { lateOffers: services.lateOffers });
  await app.register(adminSystemRoutes, { system: services.system });
  await app.register(deliveryAdminRoutes, { delivery: services.delivery });
  await app.register(statementsAdminRoutes, { statements: services.statements });
};
