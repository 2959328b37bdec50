import { toMicro } from '@app/contracts/money';
import type { FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { NoticeListener } from './db/listener.js';
import type { Db } from './db/pool.js';
import { registerAccessControl } from './http/access.js';
import { DATABASE_UNAVAILABLE, registerErrorHandler } from './http/errors.js';
import { registerLimits } from './http/limits.js';
import { createHttpServer, registerApiDocs } from './http/server.js';
import { serveWebApp } from './http/web-app.js';
import type { Scheduler } from './jobs/scheduler.js';
import { foldDeltas, LEDGER_FOLD_EVERY_MS, LEDGER_FOLD_JOB } from './ledger/fold.js';
import { useMailSecretKey } from './mail/secrets.js';
import { bonusesRootRoutes, bonusesRoutes } from './modules/compensation/bonuses/routes.js';
import { createBonusesService } from './modules/compensation/bonuses/service.js';
import { ctoRoutes } from './modules/compensation/cto/routes.js';
import { createCtoService } from './modules/compensation/cto/service.js';
import { incomesRoutes } from './modules/compensation/incomes/routes.js';
import { createIncomesService } from './modules/compensation/incomes/service.js';
import { leadershipRoutes } from './modules/compensation/leadership/routes.js';
import { createLeadershipService } from './modules/compensation/leadership/service.js';
import {
  rollUpTeams,
  TREE_ROLLUP_EVERY_MS,
  TREE_ROLLUP_JOB,
} from './modules/compensation/referral/rollup.js';
import { referralRoutes } from './modules/compensation/referral/routes.js';
import { createReferralService } from './modules/compensation/referral/service.js';
import { rewardsRoutes } from './modules/compensation/rewards/routes.js';
import { createRewardsService } from './modules/compensation/rewards/service.js';
import { roiRoutes } from './modules/compensation/roi/routes.js';
import { createRoiService } from './modules/compensation/roi/service.js';
import { runSalary } from './modules/compensation/salary/job.js';
import { salaryRoutes } from './modules/compensation/salary/routes.js';
import { createSalaryService } from './modules/compensation/salary/service.js';
import { whatIfRoutes } from './modules/compensation/what-if/routes.js';
import { createWhatIfService } from './modules/compensation/what-if/service.js';
import { achieversRoutes } from './modules/content/achievers/routes.js';
import { createAchieversService } from './modules/content/achievers/service.js';
import { newsRoutes } from './modules/content/news/routes.js';
import { createNewsService } from './modules/content/news/service.js';
import { notificationsRoutes } from './modules/content/notifications/routes.js';
import { createNotificationsService } from './modules/content/notifications/service.js';
import { qrLinksRoutes } from './modules/content/qr-links/routes.js';
import { createQrLinksService } from './modules/content/qr-links/service.js';
import { supportRoutes } from './modules/content/support/routes.js';
import { createSupportService } from './modules/content/support/service.js';
import { ticketsRoutes } from './modules/content/tickets/routes.js';
import { createTicketsService } from './modules/content/tickets/service.js';
import { DEFAULT_LOCALES_DIR, loadSourceCatalog } from './modules/content/translations/catalog.js';
import { translationsRoutes } from './modules/content/translations/routes.js';
import { createTranslationsService } from './modules/content/translations/service.js';
import { videosRoutes } from './modules/content/videos/routes.js';
import { createVideosService } from './modules/content/videos/service.js';
import { paymentsRoutes } from './modules/crypto/payments/routes.js';
import { setupPayments } from './modules/crypto/payments/setup.js';
import { createChainAccess, walletConnectSrc } from './modules/crypto/web3/chain.js';
import { web3Routes } from './modules/crypto/web3/routes.js';
import { createWeb3Service } from './modules/crypto/web3/service.js';
import { createWalletLinks } from './modules/crypto/web3/wallets.js';
import { adminAccountRoutes } from './modules/identity/admin-account/routes.js';
import { createAdminAccountService } from './modules/identity/admin-account/service.js';
import { createTrustedBrowsers } from './modules/identity/admin-account/trusted.js';
import { adminsRoutes } from './modules/identity/admins/routes.js';
import { createTeamService } from './modules/identity/admins/service.js';
import { authRoutes } from './modules/identity/auth/routes.js';
import { createAuthService } from './modules/identity/auth/service.js';
import { SessionCache } from './modules/identity/auth/session-cache.js';
import { createSigninThrottle } from './modules/identity/auth/throttle.js';
import { SessionAuth } from './modules/identity/auth/tokens.js';
import { createLimiter, LIMITS_PURGE_EVERY_MS, LIMITS_PURGE_JOB } from './modules/identity/limits/service.js';
import { otpRoutes } from './modules/identity/otp/routes.js';
import { createOtpService } from './modules/identity/otp/service.js';
import { passwordRoutes } from './modules/identity/password/routes.js';
import { createPasswordService } from './modules/identity/password/service.js';
import { totpRoutes } from './modules/identity/totp/routes.js';
import { createTotpService } from './modules/identity/totp/service.js';
import { usersRoutes } from './modules/identity/users/routes.js';
import { createUsersService, type MemberView } from './modules/identity/users/service.js';
import { createEmailVerifier } from './modules/identity/users/verify-email.js';
import { MemberViewCache } from './modules/identity/users/view-cache.js';
import { createAccountGate } from './modules/money/approvals/account-gate.js';
import { createMoneyGates } from './modules/money/approvals/gates.js';
import { approvalsRoutes } from './modules/money/approvals/routes.js';
import { createApprovalsService } from './modules/money/approvals/service.js';
import { codesRoutes } from './modules/money/codes/routes.js';
import { createCodesService } from './modules/money/codes/service.js';
import { depositsRoutes } from './modules/money/deposits/routes.js';
import { createDepositsService } from './modules/money/deposits/service.js';
import { ledgerReportRoutes } from './modules/money/ledger-report/routes.js';
import { createLedgerReportService } from './modules/money/ledger-report/service.js';
import { loadHotWallet } from './modules/money/payouts/hot-wallet.js';
import { payoutsRoutes } from './modules/money/payouts/routes.js';
import { createPayoutsService, PAYOUTS_FOLLOW_JOB } from './modules/money/payouts/service.js';
import { plansRoutes } from './modules/money/plans/routes.js';
import { createPlansService } from './modules/money/plans/service.js';
import { topupsRoutes } from './modules/money/topups/routes.js';
import { createTopupsService } from './modules/money/topups/service.js';
import { transactionsRoutes } from './modules/money/transactions/routes.js';
import { createTransactionsService } from './modules/money/transactions/service.js';
import { transfersRoutes } from './modules/money/transfers/routes.js';
import { createTransfersService } from './modules/money/transfers/service.js';
import { createPaidHashCheck } from './modules/money/withdrawals/payout-hash.js';
import { withdrawalsRoutes } from './modules/money/withdrawals/routes.js';
import { createWithdrawalsService } from './modules/money/withdrawals/service.js';
import { auditLogRoutes } from './modules/operations/audit-log/routes.js';
import { createAuditLogService } from './modules/operations/audit-log/service.js';
import { backupsRoutes } from './modules/operations/backups/routes.js';
import { createBackupsService } from './modules/operations/backups/service.js';
import { fraudRoutes } from './modules/operations/fraud/routes.js';
import {
  createFraudService,
  FRAUD_SCAN_EVERY_MS,
  FRAUD_SCAN_JOB,
} from './modules/operations/fraud/service.js';
import { mailLogRoutes } from './modules/operations/mail-log/routes.js';
import { createMailLogService } from './modules/operations/mail-log/service.js';
import { metricsRoutes } from './modules/operations/metrics/routes.js';
import { createMetricsService } from './modules/operations/metrics/service.js';
import { reportsRoutes } from './modules/operations/reports/routes.js';
import { createReportsService } from './modules/operations/reports/service.js';
import { settingsRoutes } from './modules/operations/settings/routes.js';
import { createSettingsService } from './modules/operations/settings/service.js';
import { setupRoutes } from './modules/operations/setup/routes.js';
import { createSetupService } from './modules/operations/setup/service.js';
import { isMovable, testClockRoutes } from './modules/operations/test-clock/routes.js';
import { VERSION } from './version.js';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Where modules register their recurring jobs; main starts it when WORKER is on. */
  jobs: Scheduler;
  /** The database's address, for the tools that work beside the pool (pg_dump for backups). */
  databaseUrl?: string;
}

export async function buildApp(deps: AppDeps) {
  const { config, db, clock, jobs } = deps;
  const app = await createHttpServer(config, deps.logger, walletConnectSrc(config));
  const limiter = createLimiter({ db, clock });
  await registerLimits(app, limiter);
  jobs.add({ name: LIMITS_PURGE_JOB, everyMs: LIMITS_PURGE_EVERY_MS, run: () => limiter.purge() });
  await registerApiDocs(app);

  // the in-process caches that NOTIFY keeps exact across instances share one listening connection
  const listener = new NoticeListener(db.options, (message) => app.log.warn(message));
  const sessionCache = new SessionCache(listener, { ttlMs: config.SESSION_CACHE_SECONDS * 1000 });
  const memberViews = new MemberViewCache<MemberView>(db, listener, {
    ttlMs: config.MEMBER_VIEW_CACHE_SECONDS * 1000,
    onError: (message) => app.log.warn(message),
  });
  // the operator's words (issue 38) are measured against the web app's shipped catalogs
  const sourceCatalog = loadSourceCatalog(config.I18N_CATALOGS_DIR ?? DEFAULT_LOCALES_DIR);
  if (sourceCatalog.source.size === 0)
    app.log.warn('languages: no English source catalog found; coverage unknown');
  const translations = createTranslationsService({
    db,
    clock,
    listener,
    catalog: sourceCatalog,
    onError: (message) => app.log.warn(message),
  });
  await listener.start();
  app.addHook('onClose', async () => {
    memberViews.close();
    await listener.close();
  });
  const sessions = new SessionAuth(db, deps.jwtSecret, clock, sessionCache);
  // codes and links in mail are sealed under the server secret wherever mail is queued (mail/secrets.ts)
  useMailSecretKey(deps.jwtSecret);
  registerAccessControl(app, sessions);
  registerErrorHandler(app);
  metricsRoutes(app, createMetricsService({ db, allow: config.METRICS_ALLOW, token: config.METRICS_TOKEN }));

  // For load balancers and operators: 503 while the database is away (the process itself stays up
  // and the pool reconnects), 200 again as soon as it answers; both name the release.
  app.get('/healthz', async (req, reply) => {
    try {
      await db.query('SELECT 1');
    } catch (error) {
      req.log.warn({ err: error }, 'healthz: database unavailable');
      return reply
        .status(503)
        .send({ status: 'unavailable', version: VERSION, message: DATABASE_UNAVAILABLE });
    }
    return reply.send({ status: 'ok', version: VERSION });
  });
  app.get('/api/v1/docs', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const throttle = createSigninThrottle({
    db,
    clock,
    freeFails: config.LOGIN_FAILS_PER_ACCOUNT,
    maxDelaySeconds: config.LOGIN_DELAY_MAX_SECONDS,
  });
  const totp = createTotpService({ db, clock, secret: deps.jwtSecret, sessions, throttle });
  const fraud = createFraudService({ db, clock, secret: deps.jwtSecret });
  jobs.add({ name: FRAUD_SCAN_JOB, everyMs: FRAUD_SCAN_EVERY_MS, run: () => fraud.scan() });
  const trusted = createTrustedBrowsers({ db, clock });
  const auth = createAuthService({ db, sessions, clock, throttle, totp, trusted, fraud });
  const adminAccount = createAdminAccountService({
    db,
    clock,
    secret: deps.jwtSecret,
    sessions,
    throttle,
    trusted,
  });
  const otp = createOtpService({ db, clock, secret: deps.jwtSecret });
  const passwords = createPasswordService({ db, clock, sessions, publicUrl: config.PUBLIC_URL });
  const users = createUsersService({ db, clock, sessions, views: memberViews });
  const team = createTeamService({
    db,
    clock,
    sessions,
    publicUrl: config.PUBLIC_URL,
    mailDelivered: Boolean(config.SMTP_URL),
  });
  const settings = createSettingsService({ db, clock });
  const setup = createSetupService({ db, clock, config });
  const backups = createBackupsService({
    db,
    clock,
    config,
    databaseUrl: deps.databaseUrl ?? null,
    serverSecret: deps.jwtSecret,
    log: app.log,
  });
  jobs.add({ name: 'backup-schedule', everyMs: 60_000, run: () => backups.runScheduled() });
  // a stopping server cancels its running backup (recorded as such) rather than leave it half-done
  app.addHook('onClose', () => backups.settle(true));
  const mailLog = createMailLogService({
    db,
    clock,
    secret: deps.jwtSecret,
    publicUrl: config.PUBLIC_URL,
    mailServer: Boolean(config.SMTP_URL),
  });
  const auditLog = createAuditLogService({ db });
  const plans = createPlansService({ db, clock });
  const deposits = createDepositsService({ db, clock });
  const topups = createTopupsService({ db, clock });
  const chain = createChainAccess(config);
  const withdrawals = createWithdrawalsService({
    db,
    clock,
    publicUrl: config.PUBLIC_URL,
    fourEyesAbove: toMicro(config.FOUR_EYES_ABOVE_USDT)!,
    // a pasted BEP20 payout hash is read from the chain when an RPC is configured (else its form only)
    paidHash: config.CHAIN_RPC_56
      ? createPaidHashCheck({
          chain,
          token: config.USDT_BEP20_CONTRACT,
          confirmations: config.PAYOUT_CONFIRMATIONS,
        })
      : undefined,
  });
  const transfers = createTransfersService({ db, clock });
  const codes = createCodesService({ db, clock });
  const tickets = createTicketsService({ db, clock, publicUrl: config.PUBLIC_URL });
  const support = createSupportService({ db, clock });
  const transactions = createTransactionsService({ db, withdrawals });
  const notifications = createNotificationsService({ db, clock });
  const ledgerReport = createLedgerReportService({ db, clock });
  const news = createNewsService({ db, clock });
  const achievers = createAchieversService({ db, clock });
  const qrLinks = createQrLinksService({ db, clock });
  const referral = createReferralService({ db });
  // credits are appended as deltas without locks (ledger/ledger.ts); folding them keeps reads O(1)
  jobs.add({ name: LEDGER_FOLD_JOB, everyMs: LEDGER_FOLD_EVERY_MS, run: () => foldDeltas(db) });
  jobs.add({
    name: TREE_ROLLUP_JOB,
    everyMs: TREE_ROLLUP_EVERY_MS,
    run: () => rollUpTeams(db, { clock, timeoutMs: 0 }),
  });
  const reports = createReportsService({ db, clock });
  const payments = await setupPayments({ config, db, clock, jwtSecret: deps.jwtSecret, jobs, log: app.log });
  app.addHook('onClose', payments.close);
  const web3 = createWeb3Service({ db, clock, config, chain });
  const hotWallet = await loadHotWallet(config);
  if (hotWallet) app.log.info(`payouts: hot wallet ${hotWallet.address} on BNB Smart Chain`);
  const payouts = createPayoutsService({
    db,
    clock,
    config,
    chain,
    account: hotWallet,
    withdrawals,
    log: app.log,
  });
  jobs.add({
    name: PAYOUTS_FOLLOW_JOB,
    everyMs: config.PAYOUT_FOLLOW_SECONDS * 1000,
    run: () => payouts.follow(),
  });
  const walletLinks = createWalletLinks({ db, clock });
  jobs.add({ name: 'web3-confirmations', everyMs: 30_000, run: () => web3.runConfirmations() });
  const videos = createVideosService({ db, clock });
  const roi = createRoiService({ db, clock, fraud });
  const whatIf = createWhatIfService({ db, clock, idleSeconds: config.WHAT_IF_IDLE_SECONDS });
  // a stopping server never waits for a projection: it ends with the server
  app.addHook('onClose', whatIf.close);
  const bonuses = createBonusesService({ db, clock });
  const incomes = createIncomesService({ db, clock });
  const rewards = createRewardsService({ db, clock });
  jobs.add({ name: 'salary-daily', everyMs: 3_600_000, run: () => runSalary(db, clock) });
  const salary = createSalaryService({ db, clock, run: () => jobs.run('salary-daily') });
  const cto = createCtoService({ db, clock });
  // no single admin moves a member's money: those paths go through a second admin (issue 36)
  const approvals = createApprovalsService({
    db,
    clock,
    fourEyesAbove: toMicro(config.FOUR_EYES_ABOVE_USDT)!,
  });
  const gates = createMoneyGates({
    db,
    approvals,
    withdrawals,
    topups,
    deposits,
    rewards,
    codes,
    payments: payments.admin,
  });
  const accountGate = createAccountGate({ db, approvals, users });
  const leadership = createLeadershipService({ db, clock });

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      authRoutes(typed, auth, config.LOGIN_RATE_PER_IP);
      totpRoutes(typed, totp);
      adminAccountRoutes(typed, adminAccount, trusted);
      otpRoutes(typed, otp);
      passwordRoutes(typed, passwords);
      usersRoutes(typed, users, createEmailVerifier({ db, clock }), accountGate);
      adminsRoutes(typed, team);
      settingsRoutes(typed, settings);
      setupRoutes(typed, setup);
      backupsRoutes(typed, backups);
      mailLogRoutes(typed, mailLog);
      auditLogRoutes(typed, auditLog);
      plansRoutes(typed, plans);
      depositsRoutes(typed, deposits, gates);
      topupsRoutes(typed, topups, gates);
      withdrawalsRoutes(typed, withdrawals, gates);
      approvalsRoutes(typed, approvals);
      payoutsRoutes(typed, payouts, withdrawals);
      transfersRoutes(typed, transfers);
      codesRoutes(typed, codes, gates);
      ticketsRoutes(typed, tickets);
      supportRoutes(typed, support);
      transactionsRoutes(typed, transactions, gates, clock);
      notificationsRoutes(typed, notifications);
      ledgerReportRoutes(typed, ledgerReport);
      newsRoutes(typed, news);
      achieversRoutes(typed, achievers);
      qrLinksRoutes(typed, qrLinks);
      translationsRoutes(typed, translations);
      referralRoutes(typed, referral);
      reportsRoutes(typed, reports);
      paymentsRoutes(typed, payments.payments, payments.admin, gates);
      web3Routes(typed, web3, walletLinks);
      videosRoutes(typed, videos);
      roiRoutes(typed, roi);
      fraudRoutes(typed, fraud);
      whatIfRoutes(typed, whatIf);
      bonusesRoutes(typed, bonuses);
      incomesRoutes(typed, incomes);
      rewardsRoutes(typed, rewards, gates);
      salaryRoutes(typed, salary);
      ctoRoutes(typed, cto);
      leadershipRoutes(typed, leadership);
      if (config.CLOCK_CONTROL && isMovable(clock)) testClockRoutes(typed, clock, sessions);
    },
    { prefix: '/api/v1' },
  );
  // Spec 7 lists POST /bonus and DELETE /bonus/{id} without the version prefix.
  await app.register(async (root) => bonusesRootRoutes(root.withTypeProvider<ZodTypeProvider>(), bonuses));

  await serveWebApp(app, config.WEB_DIST);
  return app;
}
