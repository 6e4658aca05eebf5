import { db } from "#app/db/db.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { pruneLoginFailures } from "#app/modules/players/index.server.ts";
import { pruneExpiredSessions } from "#app/modules/sessions/index.server.ts";
import { pruneCaptchas, pruneSignupDrafts } from "#app/modules/auth/index.server.ts";

const log = rootLog.child({ module: "maintenance" });
const HOUR = 3_600_000;
let timer: NodeJS.Timeout | undefined;

/** Hourly clean-up of rows that only matter for a while (expired sessions, old login failures, used-up captchas, abandoned sign-up drafts). */
export function startMaintenance() {
  if (timer) return;
  const run = () =>
    Promise.all([pruneExpiredSessions(), pruneLoginFailures(db), pruneCaptchas(db), pruneSignupDrafts(db)]).catch((e) =>
      log.error({ err: e }, "the hourly clean-up failed"),
    );
  timer = setInterval(run, HOUR);
  timer.unref();
  void run();
}
