// The instance side of tests/support/instance.ts.

/** The script's input (its first argument, JSON). */
export const instanceInput = <T>() => JSON.parse(process.argv[2] ?? "{}") as T;

/** Says "ready" and waits for the test's "go". */
export async function instanceReady() {
  console.log("ready");
  await new Promise((resolve) => process.stdin.once("data", resolve));
}

/** Prints the result line and ends the process. */
export function instanceResult(result: unknown): never {
  console.log(`result:${JSON.stringify(result, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))}`);
  process.exit(0);
}
