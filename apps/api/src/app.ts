import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifySchema, type onSendHookHandler } from 'fastify';
import type { DestinationStream } from 'pino';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './lib/mailer/mailer.ts';
import type { Storage } from './lib/storage/storage.ts';
import { localFileRoutes } from './lib/storage/local-storage.ts';
import type { ChainClient } from './lib/chain.ts';
import { answerClientError, answerError, registerErrorHandler } from './lib/error-handler.ts';
import { registerTextGuard } from './lib/text-guard.ts';
import { registerAnswerHeaders } from './lib/security-headers.ts';
import { registerWebApp } from './lib/web-app.ts';
import { isUuid } from './lib/uuid.ts';
import { loggerOptions, OneLinePerRequest } from './lib/logger.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { createPublicCache, watchPublicReads } from './lib/public-cache.ts';
import { createSessionStates, watchSessionStates } from './lib/session-states.ts';
import { findSessionState } from './modules/account/users.repo.ts';
import { createPresaleService } from './modules/presale/presale.service.ts';
import { presaleRoutes } from './modules/presale/presale.routes.ts';
import { createRatesService } from './modules/rates/rates.service.ts';
import { ratesRoutes } from './modules/rates/rates.routes.ts';
import { createBanksService } from './modules/banks/banks.service.ts';
import { banksRoutes } from './modules/banks/banks.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authPlugin } from './lib/auth.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createWalletsService } from './modules/wallets/wallets.service.ts';
import { walletsRoutes } from './modules/wallets/wallets.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { createPurchasesService } from './modules/purchases/purchases.service.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { createPurchaseAcceptance } from './modules/orders/accept-purchase.ts';
import { createTransactionsService } from './modules/transactions/transactions.service.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import {
  createPaymentWatcher,
  type PaymentWatcher,
} from './modules/transactions/payment-watcher.ts';
import { createCryptoPurchaseService } from './modules/purchases/crypto-purchase.service.ts';
import { createOrderLapse, type OrderLapse } from './modules/purchases/order-lapse.ts';
import { cryptoPurchaseRoutes } from './modules/purchases/crypto-purchase.routes.ts';
import { recordEarnings } from './modules/affiliates/commission-ledger.ts';
import { createAffiliatesService } from './modules/affiliates/affiliates.service.ts';
import { affiliatesRoutes } from './modules/affiliates/affiliates.routes.ts';
import { createPayoutsService } from './modules/affiliates/payouts.service.ts';
import { createQueuedMailDelivery } from './lib/mailer/queued-mail.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createRefundsService } from './modules/refunds/refunds.service.ts';
import { accountRefundsRoutes, refundRequestRoutes } from './modules/refunds/refunds.routes.ts';
import { createLateOffersService } from './modules/late-payments/late-offers.service.ts';
import { lateOfferLinkRoutes } from './modules/late-payments/late-offers.routes.ts';
import { createAdminBanksService } from './modules/admin/admin-banks.service.ts';
import { createAdminSettingsService } from './modules/admin/admin-settings.service.ts';
import { createAdminUsersService } from './modules/admin/admin-users.service.ts';
import { createAdminPurchasesService } from './modules/admin/admin-purchases.service.ts';
import { createAdminTransactionsService } from './modules/admin/admin-transactions.service.ts';
import { createAdminUnmatchedPaymentsService } from './modules/admin/admin-unmatched-payments.service.ts';
import { createAdminStatsService } from './modules/admin/admin-stats.service.ts';
import { createAuditLogService } from './modules/admin/audit-log.service.ts';
import { createSystemStatusService } from './modules/admin/system-status.service.ts';
import { createStagesService } from './modules/stages/stages.service.ts';
import { createIdentityService } from './modules/identity/identity.service.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { metricsRoutes } from './modules/health/metrics.routes.ts';
import { registerRequestMetrics, setStatusSource } from './lib/metrics.ts';
import { createRetentionJob, type RetentionJob } from './modules/retention/retention-job.ts';
import { createDeliveryService } from './modules/delivery/delivery.service.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { createStatementsService } from './modules/statements/statements.service.ts';
import { statementsRoutes } from './modules/statements/statements.routes.ts';
import { createDistributorReader } from './modules/delivery/distributor-reader.ts';
import { createDeliveryFigures } from './modules/delivery/delivery-figures.ts';
import { findOrderDelivery } from './modules/delivery/order-delivery.ts';
import { queueProofMails } from './modules/delivery/delivery-mail.ts';
import type { DeliveryDeployment } from './lib/distributor-abi.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Credits payments found on the chain; server.ts starts it, tests start it or poll it themselves. */
    paymentWatcher: PaymentWatcher;
    /** Ends unpaid orders; server.ts starts it, tests run it themselves. */
    orderLapse: OrderLapse;
    /** Removes expired codes, held sign-ups, unclaimed uploads and old mail; server.ts starts it. */
    retentionJob: RetentionJob;
    /** Every route as declared, with its zod schemas (the fuzz suite generates requests from them). */
    routeTable: readonly DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string | string[];
  url: string;
  schema?: FastifySchema;
}

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  chain: ChainClient;
  /** A JSON-RPC URL browsers may use to add the chain to a wallet (the dev chain's, or CHAIN_PUBLIC_RPC_URL). */
  publicRpcUrl?: string;
  /** The built web app to serve (apps/web/dist); omitted in API-only tests. */
  webDist?: string;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: DestinationStream;
  /** The TMC token and distributor (config or the dev chain's); absent: delivery has not started. */
  delivery?: DeliveryDeployment;
  /** The clock of time-dependent answers (a buyer's vested amount); the wall clock by default. */
  now?: () => Date;
}

function contentSecurityPolicy(config: Config) {
  const storageOrigin = config.s3?.endpoint
    ? [new URL(config.s3.endpoint).origin]
    : config.s3
      ? [`https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`]
      : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigin],
      connectSrc: ["'self'", ...storageOrigin],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'none'"],
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com', ...storageOrigin],
      mediaSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(config.production ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * The first `n` hops (the socket's peer, then X-Forwarded-For from the right) are our proxies;
 * Fastify ignores a plain number. Only for an API that cannot be reached around its proxies.
 */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    // A client's id is kept only when it is a UUID: anything else would go into every log line.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && isUuid(given) ? given.toLowerCase() : randomUUID();
    },
    requestIdHeader: false,
    // The largest real JSON body (a purchase with five file links and a remark, or 200 rates) is
    // about 15 KiB; file bytes go to signed URLs, whose route streams them under its own limit.
    bodyLimit: 64 * 1024,
    // Ids are UUIDs; a longer path parameter answers the envelope's 404 (answerError).
    routerOptions: { maxParamLength: 100 },
    frameworkErrors: (err, request, reply) => void answerError(err, request, reply),
    clientErrorHandler: answerClientError,
    trustProxy: trustProxyOption(config.trustProxy),
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: DeclaredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push({ method: route.method, url: route.url, schema: route.schema });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestMetrics(app);
  registerTextGuard(app);
  // The API speaks JSON only: anything else is a clean 415.
  app.removeContentTypeParser('text/plain');

  registerAnswerHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    hsts: config.production,
  });

  await registerOpenApi(app, config.publicUrl);
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  const publicReads = createPublicCache();
  const unwatchPublicReads = await watchPublicReads(database, publicReads);
  app.addHook('onClose', () => unwatchPublicReads());
  // The copy that made a change answers it at once, before its client hears back; the NOTIFY
  // that follows the commit reaches the other copies a moment later.
  const dropPublicReads: onSendHookHandler = (_req, reply, _payload, done) => {
    if (reply.statusCode < 400) publicReads.invalidate();
    done();
  };
  app.addHook('onRoute', (route) => {
    const changesPublicReads =
      [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD') &&
      (route.url.startsWith('/v1/admin/') ||
        route.url.startsWith('/v1/transaction/verify-crypto-pay'));
    if (changesPublicReads) route.onSend = [route.onSend ?? [], dropPublicReads].flat();
  });
  const sessionStates = createSessionStates((id) => findSessionState(db, id));
  const unwatchSessionStates = await watchSessionStates(database, sessionStates);
  app.addHook('onClose', () => unwatchSessionStates());
  const rateLimiter = createRateLimiter(db);
  const presale = createPresaleService({
    db,
    chain: {
      rpcUrl: deps.publicRpcUrl ?? config.chainPublicRpcUrl ?? null,
      explorerUrl: config.explorerUrl ?? null,
    },
  });
  const rates = createRatesService({ db });
  const banks = createBanksService({ db });
  const auth = createAuthService({ db, config, mailer: deps.mailer, rateLimiter, log: app.log });
  const uploads = createUploadsService({ db, storage: deps.storage, rateLimiter });
  const queuedMail = createQueuedMailDelivery(deps.mailer, app.log);
  const account = createAccountService({ db, mail: queuedMail, rateLimiter });
  const orderDelivery = deps.delivery
    ? (userId: string, purchaseId: string) =>
        findOrderDelivery(db, deps.delivery!.distributorAddress.toLowerCase(), userId, purchaseId)
    : undefined;
  const purchases = createPurchasesService({
    db,
    mail: queuedMail,
    uploads,
    auth,
    presale,
    rates,
    rateLimiter,
    publicUrl: config.publicUrl,
    seller: config.seller,
    orderDelivery,
  });
  const purchaseAcceptance = createPurchaseAcceptance({
    onAccepted: [(tx, purchase) => recordEarnings(tx, purchase, config.publicUrl)],
  });
  const transactions = createTransactionsService({
    db,
    chain: deps.chain,
    acceptance: purchaseAcceptance,
    mail: queuedMail,
    log: app.log,
    publicUrl: config.publicUrl,
  });
  const refunds = createRefundsService({
    db,
    rateLimiter,
    mail: queuedMail,
    publicUrl: config.publicUrl,
  });
  const lateOffers = createLateOffersService({
    db,
    mail: queuedMail,
    rateLimiter,
    priceOrder: purchases.priceOrder,
    publicUrl: config.publicUrl,
  });
  const paymentWatcher = createPaymentWatcher({
    db,
    chain: deps.chain,
    transactions,
    refunds,
    distributorReader:
      deps.delivery &&
      createDistributorReader({
        db,
        chain: deps.chain,
        deployment: deps.delivery,
        onAccepted: (tx, distributionId) =>
          queueProofMails(tx, {
            distributionId,
            publicUrl: config.publicUrl,
            chainId: deps.chain.chainId,
          }),
        mail: queuedMail,
        log: app.log,
      }),
    log: app.log,
  });
  app.decorate('paymentWatcher', paymentWatcher);
  const orderLapse = createOrderLapse({
    db,
    chainRead: config.paymentWatcherIntervalMs > 0,
    mail: queuedMail,
    partialPayments: transactions,
    log: app.log,
  });
  app.decorate('orderLapse', orderLapse);
  const retentionJob = createRetentionJob({
    db,
    storage: deps.storage,
    rateLimiter,
    log: app.log,
  });
  app.decorate('retentionJob', retentionJob);
  app.addHook('onClose', () => retentionJob.stop());
  // The background jobs first: a run under way may still queue an e-mail.
  app.addHook('onClose', async () => {
    await paymentWatcher.stop();
    await orderLapse.stop();
    await queuedMail.settle();
  });
  const delivery = createDeliveryService({
    db,
    chain: deps.chain,
    deployment: deps.delivery,
    publicUrl: config.publicUrl,
    mail: queuedMail,
    now: deps.now,
  });
  const cryptoPurchases = createCryptoPurchaseService({
    purchases,
    presale,
    rateLimiter,
    mail: queuedMail,
    publicUrl: config.publicUrl,
  });
  const affiliates = createAffiliatesService({ db, config, rateLimiter, mail: queuedMail });
  const identity = createIdentityService({
    db,
    uploads,
    mail: queuedMail,
    publicUrl: config.publicUrl,
  });
  const admin = {
    banks: createAdminBanksService({ db }),
    settings: createAdminSettingsService({
      db,
      minConfirmationsFloor: config.minConfirmationsFloor,
    }),
    users: createAdminUsersService({ db }),
    purchases: createAdminPurchasesService({
      db,
      acceptance: purchaseAcceptance,
      downloadUrl: uploads.downloadUrl,
      mail: queuedMail,
      publicUrl: config.publicUrl,
    }),
    transactions: createAdminTransactionsService({ db }),
    unmatchedPayments: createAdminUnmatchedPaymentsService({
      db,
      chain: deps.chain,
      transactions,
      refunds,
      mail: queuedMail,
    }),
    stats: createAdminStatsService({ db }),
    payouts: createPayoutsService({ db, mail: queuedMail, publicUrl: config.publicUrl }),
    auditLog: createAuditLogService({ db }),
    system: createSystemStatusService({
      config,
      database,
      chain: deps.chain,
      deliveryFigures: deps.delivery
        ? createDeliveryFigures({ chain: deps.chain, deployment: deps.delivery })
        : undefined,
    }),
    delivery,
    statements: createStatementsService({ db, presale, seller: config.seller, orderDelivery }),
    refunds,
    stages: createStagesService({ db }),
    identity,
    lateOffers,
  };
  setStatusSource(() => admin.system.figures());
  app.addHook('onClose', () => setStatusSource(undefined));

  await app.register(healthRoutes, { database });
  await app.register(metricsRoutes, { token: config.metricsToken, rateLimiter });
  await app.register(localFileRoutes, { storage: deps.storage, rateLimiter });
  await app.register(authPlugin, { config, sessionStates });
  await app.register(
    async (v1) => {
      await v1.register(presaleRoutes, { presale, publicReads });
      await v1.register(ratesRoutes, { rates, publicReads });
      await v1.register(banksRoutes, { banks, publicReads });
      await v1.register(authRoutes, { auth });
      await v1.register(accountRoutes, { account });
      await v1.register(identityRoutes, { identity });
      await v1.register(walletsRoutes, {
        wallets: createWalletsService({
          db,
          rateLimiter,
          mail: queuedMail,
          publicUrl: config.publicUrl,
          chainId: deps.chain.chainId,
        }),
      });
      await v1.register(uploadsRoutes, { uploads });
      await v1.register(purchasesRoutes, { purchases });
      await v1.register(refundRequestRoutes, { refunds });
      await v1.register(accountRefundsRoutes, { refunds });
      await v1.register(lateOfferLinkRoutes, { lateOffers });
      await v1.register(transactionsRoutes, { transactions });
      await v1.register(cryptoPurchaseRoutes, { cryptoPurchases });
      await v1.register(affiliatesRoutes, { affiliates });
      await v1.register(deliveryRoutes, { delivery });
      await v1.register(statementsRoutes, { statements: admin.statements });
      await v1.register(adminRoutes, admin);
    },
    { prefix: '/v1' },
  );

  registerWebApp(app, { webDist: deps.webDist, publicUrl: config.publicUrl });
  return app;
}
