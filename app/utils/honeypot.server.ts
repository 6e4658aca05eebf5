import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { getEnv } from "#app/config/env.server.ts";

let instance: Honeypot | undefined;
function honeypot() {
  instance ??= new Honeypot({ encryptionSeed: getEnv().SESSION_SECRET, validFromFieldName: "from__confirm" });
  return instance;
}

export function honeypotInputProps() {
  return honeypot().getInputProps();
}

/** True when the form looks like a bot filled it (hidden field filled, or the timestamp was forged). */
export async function isSpam(formData: FormData) {
  try {
    await honeypot().check(formData);
    return false;
  } catch (e) {
    if (e instanceof SpamError) return true;
    throw e;
  }
}
