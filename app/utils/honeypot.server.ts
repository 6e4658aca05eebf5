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
  // The library skips its check when the hidden fields are absent altogether; a real form always sends them.
  if (!formData.has("from__confirm")) return true;
  try {
    await honeypot().check(formData);
    return false;
  } catch (e) {
    // The library checks the timestamp field by decoding it: one that is not base64 (atob's InvalidCharacterError)
    // or does not decrypt (AES-GCM's OperationError) was forged as much as one that is in the future.
    if (e instanceof SpamError || e instanceof DOMException) return true;
    throw e;
  }
}
