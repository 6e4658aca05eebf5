// Test kit: logs a test expects. A warning or error logged during a test fails it (tests/setup/fail-on-error-logs.ts)
// unless the test captures it, as here, and asserts what was logged.
import { onTestFinished } from "vitest";
import { captureLogs, type LogLevel } from "#app/kernel/log.server.ts";

/** The app logger's records at `level` and above from now to the end of the running test (then restored). */
export function expectedLogs(level: LogLevel = "warn") {
  const logs = captureLogs({ level });
  onTestFinished(() => logs.restore());
  return logs;
}
