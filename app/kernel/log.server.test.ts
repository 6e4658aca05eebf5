import { describe, expect, it } from "vitest";
import { PaymentError } from "#app/modules/payments/errors.ts";
import { captureLogs, createLogger, defaultLogLevel, log, prettyLine, type LogLevel, type LogRecord } from "./log.server.ts";

/** A logger writing to an array: each line pino writes, parsed. */
function recorded(level: LogLevel) {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines, records: () => lines.map((l) => JSON.parse(l) as LogRecord) };
}

describe("the logger", () => {
  it("logs a refusal by its code, key, field and status, not the values a person is shown", () => {
    const { logger, records } = recorded("info");
    logger.warn({ err: new PaymentError("trx_used", "payments.errors.trxUsed", { field: "trxId", params: { trx: "SECRET1" } }) }, "refused");
    const [record] = records();
    expect(record!.err).toMatchObject({ type: "PaymentError", code: "trx_used", key: "payments.errors.trxUsed", field: "trxId", status: 409 });
    expect(JSON.stringify(record)).not.toContain("SECRET1");
  });

  it("writes one JSON line per record, with the level's name, an ISO time and the message", () => {
    const { logger, lines, records } = recorded("info");
    logger.info("Crash engine started (leader).");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(lines[0]!.trimEnd()).not.toContain("\n");
    const [record] = records();
    expect(record).toMatchObject({ level: "info", msg: "Crash engine started (leader)." });
    expect(record!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("writes only records at its level or above", () => {
    const { logger, records } = recorded("warn");
    logger.debug("d");
    logger.info("i");
    logger.warn("w");
    logger.error("e");
    expect(records().map((r) => [r.level, r.msg])).toEqual([
      ["warn", "w"],
      ["error", "e"],
    ]);

    const silent = recorded("silent");
    silent.logger.error("nothing");
    expect(silent.lines).toEqual([]);

    const all = recorded("debug");
    all.logger.debug("d");
    expect(all.records().map((r) => r.level)).toEqual(["debug"]);
  });

  it("gives a child its domain on every line, its own fields after, and the parent's level", () => {
    const { logger, records } = recorded("info");
    const payments = logger.child({ module: "payments" });
    const checkout = payments.child({ checkout: 7 });
    payments.info({ invoice: "INV-1" }, "credited");
    checkout.warn("late callback");
    checkout.debug("not written");
    logger.info("no module");
    expect(records()).toEqual([
      expect.objectContaining({ module: "payments", invoice: "INV-1", msg: "credited" }),
      expect.objectContaining({ module: "payments", checkout: 7, msg: "late callback", level: "warn" }),
      expect.not.objectContaining({ module: expect.anything() }),
    ]);
    // A child made without a level follows its parent's later changes.
    logger.level = "debug";
    checkout.debug("now written");
    expect(records().at(-1)).toMatchObject({ level: "debug", msg: "now written", checkout: 7 });
  });

  it("serialises an error under err with its type, message, stack and cause", () => {
    const { logger, records } = recorded("info");
    const cause = new Error("connection reset");
    const e = new TypeError("the refund failed", { cause });
    logger.error({ err: e, invoice: "INV-9" }, "refund of INV-9 failed; finance must refund it by hand");
    logger.error(new Error("alone"));
    logger.error({ err: "not an Error" }, "a thrown string");
    const [withErr, alone, notError] = records();
    expect(withErr).toMatchObject({ level: "error", msg: "refund of INV-9 failed; finance must refund it by hand", invoice: "INV-9" });
    const err = withErr!.err as { type: string; message: string; stack: string };
    expect(err.type).toBe("TypeError");
    expect(err.message).toContain("the refund failed");
    expect(err.stack).toContain("TypeError: the refund failed");
    expect(err.stack).toContain("log.server.test.ts");
    expect(JSON.stringify(err)).toContain("connection reset");
    // An error alone: its message is the record's message.
    expect(alone).toMatchObject({ msg: "alone", err: { type: "Error", message: "alone" } });
    expect(notError).toMatchObject({ msg: "a thrown string", err: "not an Error" });
  });
});

describe("the readable line", () => {
  it("shows time, level, module, message and fields on one line, and an error's stack indented below", () => {
    const line = JSON.stringify({
      level: "error",
      time: "2026-11-27T20:25:01.123Z",
      pid: 1,
      hostname: "h",
      module: "gateway",
      msg: "reconciling checkout 5 failed",
      checkout: 5,
      err: { type: "Error", message: "boom", stack: "Error: boom\n    at x (a.ts:1:1)" },
    });
    expect(prettyLine(`${line}\n`)).toBe(
      "20:25:01.123 ERROR [gateway] reconciling checkout 5 failed checkout=5\n    Error: boom\n        at x (a.ts:1:1)\n",
    );
    expect(prettyLine(JSON.stringify({ level: "info", time: "2026-11-27T08:00:00.000Z", msg: "Listening" }))).toBe("08:00:00.000 INFO  Listening\n");
  });
});

describe("the level by environment", () => {
  it("takes LOG_LEVEL, else warn under tests, debug in development and info in production", () => {
    expect(defaultLogLevel({ LOG_LEVEL: "error", NODE_ENV: "production" })).toBe("error");
    expect(defaultLogLevel({ LOG_LEVEL: "silent" })).toBe("silent");
    expect(defaultLogLevel({ NODE_ENV: "test" })).toBe("warn");
    expect(defaultLogLevel({ NODE_ENV: "development" })).toBe("debug");
    expect(defaultLogLevel({ NODE_ENV: "production" })).toBe("info");
    expect(defaultLogLevel({ LOG_LEVEL: "verbose", NODE_ENV: "production" })).toBe("info");
  });
});

describe("captureLogs", () => {
  it("collects what the app's logger and its children write, then gives the output and level back", () => {
    expect(log.level).toBe("warn");
    const domain = log.child({ module: "outbox" });
    const logs = captureLogs({ level: "info" });
    try {
      domain.info("SMS to 017");
      domain.debug("below the capture level");
      log.error({ err: new Error("x") }, "failed");
      expect(logs.records.map((r) => [r.level, r.module, r.msg])).toEqual([
        ["info", "outbox", "SMS to 017"],
        ["error", undefined, "failed"],
      ]);
      expect(logs.messages("error")).toEqual(["failed"]);
    } finally {
      logs.restore();
    }
    expect(log.level).toBe("warn");
    expect(domain.level).toBe("warn");
  });
});
