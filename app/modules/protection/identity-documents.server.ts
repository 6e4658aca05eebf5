// Identity documents: the player uploads a photo or scan (checked by its bytes like a deposit proof, kept in the
// upload store under a random name, as "identity/<name>"); staff approve or reject it with a reason, audited. At most MAX_PENDING_DOCUMENTS wait
// for review per player, enforced under the player's lock. The file is handed out only to staff and its own player.
import { DomainError } from "#app/kernel/domain-error.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { isPaymentError } from "#app/modules/payments/index.ts";
import { checkProof, type ProofUpload, readProof, removeProof, storeProof } from "#app/modules/payments/index.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { staffUsers } from "#app/modules/staff/index.server.ts";
import { isId } from "#app/utils/ids.ts";
import { type IdentityDocumentType, identityDocuments, identityDocumentTypes } from "./schema.ts";

export const MAX_PENDING_DOCUMENTS = 3;
/** The first key of the two-key advisory lock an upload takes (deposits use 7_240_311). */
const DOCUMENT_LOCK_SPACE = 7_240_417;

export type IdentityDocument = typeof identityDocuments.$inferSelect;

type IdentityErrorCode = "invalid_type" | "invalid_file" | "too_many_pending" | "reason_required" | "already_reviewed" | "not_found";

export class IdentityError extends DomainError<IdentityErrorCode> {
  declare readonly messageKey: Extract<MessageKey, `identity.errors.${string}`>;
  declare readonly field: "docType" | "file" | "reason" | undefined;
  declare readonly params: Record<string, string>;

  constructor(
    code: IdentityErrorCode,
    messageKey: Extract<MessageKey, `identity.errors.${string}`>,
    field?: "docType" | "file" | "reason",
    params: Record<string, string> = {},
  ) {
    super(code, messageKey, { field, params });
    this.name = "IdentityError";
  }
}

const isDocumentType = (v: unknown): v is IdentityDocumentType => (identityDocumentTypes as readonly unknown[]).includes(v);

async function countPending(executor: Executor, playerId: number) {
  const [row] = await executor
    .select({ n: count() })
    .from(identityDocuments)
    .where(and(eq(identityDocuments.playerId, playerId), eq(identityDocuments.status, "pending")));
  return row?.n ?? 0;
}

const tooManyPending = () =>
  new IdentityError("too_many_pending", "identity.errors.tooManyPending", "file", { count: String(MAX_PENDING_DOCUMENTS) });

/** The deposit proof's byte check, with the document form's own messages. */
async function checkDocumentFile(file: ProofUpload) {
  try {
    return await checkProof(file);
  } catch (e) {
    if (!isPaymentError(e, "invalid_proof")) throw e;
    const key =
      e.messageKey === "payments.errors.proofTooLarge" ? "fileTooLarge" : e.messageKey === "payments.errors.proofType" ? "fileType" : "fileRequired";
    throw new IdentityError("invalid_file", `identity.errors.${key}`, "file", e.params);
  }
}

/** Stores an uploaded document as pending. Refusals are IdentityErrors naming the field. */
export async function uploadDocument(playerId: number, input: { docType: unknown; file: ProofUpload }): Promise<IdentityDocument> {
  if (!isDocumentType(input.docType)) throw new IdentityError("invalid_type", "identity.errors.typeInvalid", "docType");
  // A quick look first, so a full queue is refused before the file is stored; the check that holds under parallel
  // uploads is the one under the lock below.
  if ((await countPending(db, playerId)) >= MAX_PENDING_DOCUMENTS) throw tooManyPending();
  const file = await checkDocumentFile(input.file);
  const name = await storeProof(file.bytes, file.mime, "identity");
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DOCUMENT_LOCK_SPACE}::int4, ${playerId}::int4)`);
      if ((await countPending(tx, playerId)) >= MAX_PENDING_DOCUMENTS) throw tooManyPending();
      const [row] = await tx
        .insert(identityDocuments)
        .values({ playerId, docType: input.docType as IdentityDocumentType, file: name, mime: file.mime })
        .returning();
      return row!;
    });
  } catch (e) {
    await removeProof(name, "identity");
    throw e;
  }
}

/** The player's documents, newest first (without the file name). */
export async function listPlayerDocuments(playerId: number) {
  return db
    .select({
      id: identityDocuments.id,
      docType: identityDocuments.docType,
      status: identityDocuments.status,
      rejectReason: identityDocuments.rejectReason,
      createdAt: identityDocuments.createdAt,
      reviewedAt: identityDocuments.reviewedAt,
      reviewer: staffUsers.username,
    })
    .from(identityDocuments)
    .leftJoin(staffUsers, eq(staffUsers.id, identityDocuments.reviewedBy))
    .where(eq(identityDocuments.playerId, playerId))
    .orderBy(desc(identityDocuments.id))
    .limit(50);
}

/** A document id from a path or form: digits only, unlike toId of app/utils/ids.ts, which reads " 12 " as 12. */
function toId(value: unknown) {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return isId(n) ? n : null;
}

/**
 * The file of a document for staff (the staff route checks the role) or for its own player; null for anyone else,
 * for a document of another player than `ofPlayer`, an unknown id, a name that is not one of ours or a file that is
 * not stored.
 */
export async function getDocumentFile({
  documentId,
  ofPlayer,
  viewer,
}: {
  documentId: unknown;
  ofPlayer?: number;
  viewer: { staffId: number } | { playerId: number };
}): Promise<{ bytes: Uint8Array; size: number; mime: string } | null> {
  const id = toId(documentId);
  if (!id) return null;
  const [row] = await db.select().from(identityDocuments).where(eq(identityDocuments.id, id));
  if (!row) return null;
  if (ofPlayer !== undefined && row.playerId !== ofPlayer) return null;
  if ("playerId" in viewer && viewer.playerId !== row.playerId) return null;
  const file = await readProof(row.file, "identity");
  return file && { bytes: file.bytes, size: file.size, mime: row.mime };
}

const snapshot = (d: IdentityDocument) => ({ playerId: d.playerId, docType: d.docType, status: d.status, rejectReason: d.rejectReason });

/** Approves or rejects a pending document of `playerId`, with the row locked, audited in the same transaction. */
export async function reviewDocument({
  staffId,
  playerId,
  documentId,
  decision,
  reason,
  ip = null,
}: {
  staffId: number;
  playerId: number;
  documentId: unknown;
  decision: "approve" | "reject";
  reason?: unknown;
  ip?: string | null;
}): Promise<IdentityDocument> {
  const id = toId(documentId);
  if (!id) throw new IdentityError("not_found", "identity.errors.notFound");
  const text = typeof reason === "string" ? reason.trim() : "";
  if (decision === "reject" && !text) throw new IdentityError("reason_required", "identity.errors.reasonRequired", "reason");
  if (text.length > 500) throw new IdentityError("reason_required", "identity.errors.reasonTooLong", "reason");
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .select()
      .from(identityDocuments)
      .where(and(eq(identityDocuments.id, id), eq(identityDocuments.playerId, playerId)))
      .for("update");
    if (!doc) throw new IdentityError("not_found", "identity.errors.notFound");
    if (doc.status !== "pending") throw new IdentityError("already_reviewed", "identity.errors.alreadyReviewed");
    const [row] = await tx
      .update(identityDocuments)
      .set({
        status: decision === "approve" ? "approved" : "rejected",
        rejectReason: decision === "reject" ? text : null,
        reviewedBy: staffId,
        reviewedAt: new Date(),
      })
      .where(eq(identityDocuments.id, doc.id))
      .returning();
    await audit(tx, {
      staffId,
      action: `identity_document.${decision}`,
      entity: "identity_document",
      entityId: doc.id,
      before: snapshot(doc),
      after: snapshot(row!),
      ip,
    });
    return row!;
  });
}
