// A second (third...) app server for the tests that check a rule across instances on one PostgreSQL database: a real
// process running a script from tests/support (through tsx, as the app runs). The script says "ready" once it has
// loaded (`instanceReady` in instance-child.ts), waits for `go()` so that every instance starts at once, and ends with
// one result line (`instanceResult`).
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const RESULT = "result:";

export type InstanceRun<R> = { code: number | null; result: R | null; stderr: string };

export function appInstance<R>(script: string, input: unknown) {
  const proc = spawn(path.join(root, "node_modules/.bin/tsx"), [script, JSON.stringify(input)], { cwd: root, env: process.env });
  let stdout = "";
  let stderr = "";
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  proc.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
    if (stdout.includes("ready\n")) onReady();
  });
  proc.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<InstanceRun<R>>((resolve) =>
    proc.on("exit", (code) => {
      onReady();
      const line = stdout.split("\n").find((l) => l.startsWith(RESULT));
      resolve({ code, result: line ? (JSON.parse(line.slice(RESULT.length)) as R) : null, stderr });
    }),
  );
  return { ready, go: () => proc.stdin.write("go\n"), done };
}

/** Starts the instances, releases them together once all have loaded, and waits for every one to end. */
export async function runTogether<R>(instances: Array<ReturnType<typeof appInstance<R>>>): Promise<InstanceRun<R>[]> {
  await Promise.all(instances.map((s) => s.ready));
  for (const s of instances) s.go();
  return Promise.all(instances.map((s) => s.done));
}
