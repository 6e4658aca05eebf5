// Deposit proof screenshots: checked by their bytes (never the name or the browser's type), stored in the upload
// store (the database, where every app instance reads them; app/modules/uploads) under a random name, and handed
// out only to the deposit's own player or to staff.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { db } from "#app/db/db.server.ts";
import { type StoredUpload, uploadStore } from "#app/modules/uploads/index.server.ts";
import { PROOF_MAX_BYTES, PROOF_MIME_TYPES } from "./constants.ts";
import { PaymentError } from "./errors.ts";
import { deposits } from "./schema.ts";
import { toId } from "./validation.ts";

export type ProofUpload = { bytes: Uint8Array; declaredName: string };
export type ProofMime = (typeof PROOF_MIME_TYPES)[number];

const EXTENSIONS: Record<ProofMime, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };
const FILE_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/** Where a kind of checked image is kept in the upload store: "proofs/<name>" or "identity/<name>". */
export type ProofKind = "proofs" | "identity";

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

/**
 * Stores the file under a random name and returns that name (what the deposit's row keeps). Identity documents are
 * kept as their own `kind`.
 */
export async function storeProof(bytes: Uint8Array, mime: ProofMime, kind: ProofKind = "proofs"): Promise<string> {
  const name = `${randomBytes(16).toString("hex")}.${EXTENSIONS[mime]}`;
  await uploadStore().put(`${kind}/${name}`, bytes, mime);
  return name;
}

export async function removeProof(name: string, kind: ProofKind = "proofs") {
  if (FILE_NAME.test(name)) await uploadStore().delete(`${kind}/${name}`);
}

/** The stored file of a name storeProof made, or null (not one of ours, or not stored). */
export async function readProof(name: string, kind: ProofKind = "proofs"): Promise<StoredUpload | null> {
  return FILE_NAME.test(name) ? uploadStore().get(`${kind}/${name}`) : null;
}

/** Whether a stored name is one storeProof made (never a path). */
export const isStoredName = (name: string) => FILE_NAME.test(name);

/**
 * The proof file of a deposit for its own player (playerId) or for staff; null for anyone else, an unknown id,
 * a file name that is not one of ours, or a file that is not stored.
 */
export async function getProofForViewer({
  depositId,
  playerId,
  staff,
}: {
  depositId: unknown;
  playerId?: number | null;
  staff?: boolean | { id: number } | null;
}): Promise<{ bytes: Uint8Array; size: number; mime: string } | null> {
  const id = toId(depositId);
  if (!id) return null;
  const [row] = await db
    .select({ playerId: deposits.playerId, proofFile: deposits.proofFile, proofMime: deposits.proofMime })
    .from(deposits)
    .where(eq(deposits.id, id));
  if (!row) return null;
  const mayView = Boolean(staff) || (typeof playerId === "number" && playerId === row.playerId);
  if (!mayView || !row.proofFile || !row.proofMime) return null;
  const file = await readProof(row.proofFile);
  return file && { bytes: file.bytes, size: file.size, mime: row.proofMime };
}
