import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 30 ms on one core.
const options = { algorithm: 2 /* Argon2id; the enum is a const enum we cannot import */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check so a missing username cannot be told apart by timing. */
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hashPassword("not-a-real-password-0");
  await verifyPassword(await dummyHash, password);
}
