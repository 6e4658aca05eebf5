import { getEnv } from "#app/config/env.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { startCrashEngine, seedGameCatalogue } from "#app/modules/games/index.server.ts";
import { startExchangeFeed } from "#app/modules/exchange/index.server.ts";
import { startOutboxSender } from "#app/modules/outbox/index.server.ts";
import { ensureContentPages, seedFooterPartnersDemo } from "#app/modules/content/index.server.ts";
import { seedPaymentsDemo, startGatewayReconciliation } from "#app/modules/payments/index.server.ts";
import { startReferralRewards } from "#app/modules/referral/index.server.ts";
import { seedRacesDemo, startRacePayouts } from "#app/modules/races/index.server.ts";
import { startReportJob } from "#app/modules/reporting/index.server.ts";
import { startRiskJob } from "#app/modules/risk/index.server.ts";
import { ensureSeedAdmin } from "#app/modules/staff/index.server.ts";
import { importDiskUploads } from "#app/modules/uploads/index.server.ts";
import { LEGACY_UPLOAD_FOLDERS } from "./legacy-uploads.server.ts";
import { ensureVipDefaults, startVipAccrual } from "#app/modules/vip/index.server.ts";
import { database } from "#app/db/db.server.ts";
import { startMaintenance } from "./maintenance.server.ts";
import { DEMO_PLAYER, seedDemoContent } from "./seed.server.ts";

const log = rootLog.child({ module: "bootstrap" });

let done = false;

/** Runs once per process before the first request: demo seed (embedded database or SEED_DEMO=true) and background senders. */
export async function bootstrap() {
  if (done) return;
  done = true;
  const env = getEnv();
  // Uploads an earlier version kept on this instance's disk go into the upload store (once; see the module).
  await importDiskUploads({ folders: LEGACY_UPLOAD_FOLDERS });
  const seed = env.SEED_DEMO ?? env.embedded;
  if (seed) {
    const seeded = await seedDemoContent(database.db);
    // Wallet numbers and promotions need the payment methods the content seed creates; idempotent on its own.
    await seedPaymentsDemo(database.db);
    await seedFooterPartnersDemo(database.db);
    // A daily and a weekly race with small prize tables (once: only when the site has no race).
    await seedRacesDemo(database.db);
    log.info(`${seeded ? "Seeded demo content." : "Demo content already present."} Demo player: ${DEMO_PLAYER.username} / ${DEMO_PLAYER.password}`);
  }
  // The house games exist on every install; the demo catalogue of providers only where the demo content is seeded.
  await seedGameCatalogue(database.db, { demo: seed });
  // The Affiliate and Brand Ambassador pages exist on every install (staff edit their text).
  await ensureContentPages(database.db);
  // The first admin exists on every install (PostgreSQL too); its password is printed once or comes from ADMIN_INITIAL_PASSWORD.
  await ensureSeedAdmin(database.db, env.ADMIN_INITIAL_PASSWORD);
  // VIP: the accrual rule and the default levels (Normal, Elite I-V) on every install; staff edit them on /admin/vip.
  await ensureVipDefaults(database.db);
  if (env.NODE_ENV !== "test") {
    startOutboxSender();
    // VP and experience from settled bets, every 5 s (safe on several instances: one row per bet).
    startVipAccrual();
    startMaintenance();
    // The daily referral rewards: idempotent per day, so every instance may run it (catches up missed days).
    startReferralRewards();
    // AML signals from the rows added since the last pass, every minute (safe on several instances: cursors and fingerprints).
    startRiskJob();
    // The dashboard's daily aggregates, every 10 s (safe on several instances: one watermark row, locked skip-locked).
    startReportJob();
    // Race prizes of ended periods, every 30 s (safe on several instances: a period is claimed and paid in one transaction).
    startRacePayouts();
    // Gateway checkouts left open (a lost callback, a gateway time-out) are settled by asking, every minute.
    startGatewayReconciliation();
    // The shared Crash round: the leader instance drives it, the others relay its ticks (never fatal to the server).
    await startCrashEngine().catch((e: unknown) => log.child({ module: "crash" }).error({ err: e }, "the engine did not start"));
    // The exchange's feed and market-maker: the leader instance runs them; bets are taken everywhere.
    await startExchangeFeed().catch((e: unknown) => log.child({ module: "exchange-feed" }).error({ err: e }, "did not start"));
  }
}
