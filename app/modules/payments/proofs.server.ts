// Deposit proof screenshots: checked by their bytes (never the name or the browser's type), stored outside
// public/ under a random name, and handed out only to the deposit's own player or to staff.
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { getEnv } from "#app/config/env.server.ts";
import { db } from "#app/db/db.server.ts";
import { PROOF_MAX_BYTES, PROOF_MIME_TYPES } from "./constants.ts";
import { PaymentError } from "./errors.ts";
import { deposits } from "./schema.ts";
import { toId } from "./validation.ts";

export type ProofUpload = { bytes: Uint8Array; declaredName: string };
export type ProofMime = (typeof PROOF_MIME_TYPES)[number];

const EXTENSIONS: Record<ProofMime, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };
const FILE_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

export function proofDir() {
  return path.resolve(getEnv().DATA_DIR, "uploads", "proofs");
}

/** The real type from the first bytes; refuses empty, oversized and anything but JPEG, PNG or WebP. */
export async function checkProof(proof: ProofUpload | null | undefined): Promise<{ bytes: Uint8Array; mime: ProofMime }> {
  const bytes = proof?.bytes;
  if (!(bytes instanceof Uint8Array) || bytes.byteLength === 0)
    throw new PaymentError("invalid_proof", "payments.errors.proofRequired", { field: "proof" });
  if (bytes.byteLength > PROOF_MAX_BYTES)
    throw new PaymentError("invalid_proof", "payments.errors.proofTooLarge", { field: "proof", params: { mb: "5" } });
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(PROOF_MIME_TYPES as readonly string[]).includes(type.mime)) {
    throw new PaymentError("invalid_proof", "payments.errors.proofType", { field: "proof" });
  }
  return { bytes, mime: type.mime as ProofMime };
}

/** Writes the file under a random name and returns that name (the only thing the database keeps). Identity documents use their own `dir`. */
export async function storeProof(bytes: Uint8Array, mime: ProofMime, dir = proofDir()): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString("hex")}.${EXTENSIONS[mime]}`;
  await writeFile(path.join(dir, name), bytes, { flag: "wx", mode: 0o600 });
  return name;
}

export async function removeProof(name: string, dir = proofDir()) {
  if (FILE_NAME.test(name)) await rm(path.join(dir, name), { force: true });
}

/** Whether a stored name is one storeProof made (never a path). */
export const isStoredName = (name: string) => FILE_NAME.test(name);

/**
 * The proof file of a deposit for its own player (playerId) or for staff; null for anyone else, an unknown id,
 * or a file name that is not one of ours.
 */
export async function getProofForViewer({
  depositId,
  playerId,
  staff,
}: {
  depositId: unknown;
  playerId?: number | null;
  staff?: boolean | { id: number } | null;
}): Promise<{ path: string; mime: string } | null> {
  const id = toId(depositId);
  if (!id) return null;
  const [row] = await db
    .select({ playerId: deposits.playerId, proofFile: deposits.proofFile, proofMime: deposits.proofMime })
    .from(deposits)
    .where(eq(deposits.id, id));
  if (!row) return null;
  const mayView = Boolean(staff) || (typeof playerId === "number" && playerId === row.playerId);
  if (!mayView || !FILE_NAME.test(row.proofFile)) return null;
  return { path: path.join(proofDir(), row.proofFile), mime: row.proofMime };
}
