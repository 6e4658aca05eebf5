// A warning or error logged during a unit test fails that test (issue 26): a console.error or console.warn call, or a
// record at warn or error level from the app's logger (app/kernel/log.server.ts). Output still prints, so the failing
// run shows it.
//
// A test that expects one says so: it captures the logger's records (expectedLogs() in tests/kit/logs.ts, or
// captureLogs()) and asserts on them, or replaces the console method for itself, e.g. `vi.spyOn(console, "error").mockImplementation(() => {})`,
// and asserts the call. Either takes the lines away from this check.
import { format } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { captureLogs, type CapturedLogs, log, type LogLevel } from "#app/kernel/log.server.ts";

type Logged = { source: string; text: string };

let logged: Logged[] = [];
let watching = false;

// Wrappers, not vi.spyOn: a test's own spy (vi.spyOn(console, "error")) then sits on top of the wrapper and takes
// the calls it expects, and vi.restoreAllMocks() brings the wrapper back rather than removing it.
for (const method of ["error", "warn"] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    if (watching) logged.push({ source: `console.${method}`, text: format(...args) });
    original(...args);
  };
}

// The logger's records at warn and above pass through here (and are printed as before); a test's own captureLogs()
// replaces this sink while it runs, so records it captures are not seen here.
let logs: CapturedLogs | undefined;
beforeAll(() => {
  // The level stays what it was (warn under tests unless LOG_LEVEL says otherwise).
  logs = captureLogs({ level: log.level as LogLevel, echo: () => true });
});
afterAll(() => logs?.restore());

beforeEach(() => {
  logged = [];
  if (logs) logs.records.length = 0;
  watching = true;
});

const errorText = (err: unknown) =>
  err && typeof err === "object" && "message" in err
    ? `${String((err as { type?: unknown }).type ?? "Error")}: ${String(err.message)}`
    : JSON.stringify(err);

afterEach(() => {
  watching = false;
  const records = (logs?.records ?? []).filter((r) => r.level === "error" || r.level === "warn");
  const errors = [
    ...logged,
    ...records.map((r) => ({
      source: `log.${r.level}${r.module ? ` [${r.module}]` : ""}`,
      text: `${r.msg ?? ""}${r.err ? ` (${errorText(r.err)})` : ""}`,
    })),
  ];
  if (logs) logs.records.length = 0;
  logged = [];
  if (errors.length > 0) {
    throw new Error(
      `The test logged ${errors.length} warning(s) or error(s); expect them explicitly (expectedLogs() from tests/kit/logs.ts, or a local console spy) or fix the cause:\n` +
        errors.map((e) => `  ${e.source}: ${e.text.slice(0, 2_000)}`).join("\n"),
    );
  }
});
