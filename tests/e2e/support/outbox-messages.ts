// The built-in SMS/e-mail gateway's messages in a server log (app/modules/outbox/gateways.server.ts), for the browser
// tests that read a code or a link from one. No Playwright here: app/modules/outbox/log-gateway.test.ts checks it.

/**
 * The messages in a server log, oldest first. The production server (the e2e server is one) writes JSON lines: a
 * message is the msg of a record of the module "outbox". A readable log (development) has them after "[outbox] ".
 */
export function outboxMessages(log: string): string[] {
  const records = log.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      const record = JSON.parse(line) as { module?: unknown; msg?: unknown };
      return record.module === "outbox" && typeof record.msg === "string" ? [record.msg] : [];
    } catch {
      return [];
    }
  });
  return records.length > 0 ? records : log.split("[outbox] ").slice(1);
}
