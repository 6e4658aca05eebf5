// Age and identity on the real database (PGlite, and PostgreSQL with DATABASE_URL): the under-18 birthday (confirm,
// block, logout, one signal under 50 parallel saves), identityRefusal per mode and setting, identity documents
// (byte check, at most 3 pending under 50 parallel uploads, review with audit, files never another player's).
import { readdir } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const dataDir = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "identity-"));
  return process.env.DATA_DIR;
});

import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, createPlayer, createSite, createStaff, PDF, PNG, setSettings } from "#app/modules/payments/test-helpers.ts";
import { players } from "#app/modules/players/schema.ts";
import { createSession, getSessionPlayer } from "#app/modules/sessions/sessions.server.ts";
import { sessions } from "#app/modules/sessions/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { countUploads } from "#app/modules/uploads/test-helpers.ts";
import { ageOn, saveBirthdayChecked, underageFingerprint } from "./identity-birthday.server.ts";
import { getDocumentFile, IdentityError, MAX_PENDING_DOCUMENTS, reviewDocument, uploadDocument } from "./identity-documents.server.ts";
import { identityRefusal, identityState } from "./identity.server.ts";
import { identityDocuments } from "./schema.ts";
import { amlSignals } from "#app/modules/risk/schema.ts";

let staff: { id: number };

beforeAll(async () => {
  await createSite();
  staff = await createStaff();
});

afterAll(async () => {
  await setSettings({ mode: "demo", requiredVerifications: [] });
  await closeIdleConnections();
});

async function expectIdentityError(promise: Promise<unknown>, code: IdentityError["code"], messageKey?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, String(error)).toBeInstanceOf(IdentityError);
  expect((error as IdentityError).code).toBe(code);
  if (messageKey) expect((error as IdentityError).messageKey).toBe(messageKey);
}

const upload = (playerId: number, docType: unknown = "passport", bytes: Uint8Array = PNG) =>
  uploadDocument(playerId, { docType, file: { bytes, declaredName: "id.png" } });

describe("birthday", () => {
  // 2026-03-10 20:00 UTC is already 11 March in Dhaka: someone born 2008-03-11 turns 18 that day.
  const now = new Date("2026-03-10T20:00:00Z");

  it("counts full years on the Asia/Dhaka date", () => {
    expect(ageOn("2008-03-11", now)).toBe(18);
    expect(ageOn("2008-03-12", now)).toBe(17);
    expect(ageOn("2008-03-11", new Date("2026-03-10T17:59:00Z"))).toBe(17);
    expect(ageOn("2008-02-29", new Date("2026-02-28T12:00:00Z"))).toBe(17);
    expect(ageOn("2008-02-29", new Date("2026-03-01T12:00:00Z"))).toBe(18);
  });

  it("saves an adult birthday without blocking; refuses a date in the future", async () => {
    const p = await createPlayer({ verified: false });
    expect(await saveBirthdayChecked(p.id, "2026-03-12", { now })).toMatchObject({ ok: false, error: "profile.errors.birthdayInvalid" });
    expect(await saveBirthdayChecked(p.id, "2008-03-11", { now })).toEqual({ ok: true, birthday: "2008-03-11", blocked: false });
    const [row] = await db.select().from(players).where(eq(players.id, p.id));
    expect(row).toMatchObject({ birthday: "2008-03-11", status: "active" });
  });

  it("under 18: asks to confirm and saves nothing; confirmed, blocks, ends every session and alerts staff", async () => {
    const p = await createPlayer({ verified: false });
    const { token } = await createSession(p.id);
    await createSession(p.id);
    const asked = await saveBirthdayChecked(p.id, "2008-03-12", { now });
    expect(asked).toEqual({
      ok: false,
      error: "identity.birthday.confirmUnderage",
      params: { birthday: "2008-03-12", age: 17 },
      status: 409,
      confirm: { birthday: "2008-03-12", age: 17 },
    });
    expect((await db.select().from(players).where(eq(players.id, p.id)))[0]).toMatchObject({ birthday: null, status: "active" });
    expect(await getSessionPlayer(token)).toBeTruthy();

    expect(await saveBirthdayChecked(p.id, "2008-03-12", { now, confirmUnderage: true })).toEqual({
      ok: true,
      birthday: "2008-03-12",
      blocked: true,
    });
    expect((await db.select().from(players).where(eq(players.id, p.id)))[0]).toMatchObject({ birthday: "2008-03-12", status: "blocked" });
    expect(await db.select().from(sessions).where(eq(sessions.playerId, p.id))).toEqual([]);
    expect(await getSessionPlayer(token)).toBeFalsy();
    const signals = await db.select().from(amlSignals).where(eq(amlSignals.playerId, p.id));
    expect(signals).toHaveLength(1);
    expect(signals[0]).toMatchObject({
      kind: "underage_birthday",
      fingerprint: underageFingerprint(p.id),
      status: "open",
      evidence: { birthday: "2008-03-12", age: 17 },
    });
    // The birthday is saved once: a later adult date changes nothing.
    expect(await saveBirthdayChecked(p.id, "1990-01-01", { now })).toMatchObject({ ok: false, error: "profile.errors.birthdayAlreadySet" });
  });

  it("50 parallel confirmed under-18 saves: one birthday, one signal", async () => {
    const p = await createPlayer({ verified: false });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        saveBirthdayChecked(p.id, `2010-01-${String((i % 28) + 1).padStart(2, "0")}`, { now, confirmUnderage: true }),
      ),
    );
    const saved = results.filter((r) => r.ok);
    expect(saved).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === "profile.errors.birthdayAlreadySet")).toHaveLength(49);
    const signals = await db.select().from(amlSignals).where(eq(amlSignals.playerId, p.id));
    expect(signals).toHaveLength(1);
    expect(signals[0]!.evidence).toEqual({ birthday: (saved[0] as { birthday: string }).birthday, age: 16 });
  });
});

describe("identityRefusal", () => {
  it("needs the birthday for deposits in every mode; the required verifications only in real-money mode", async () => {
    const bare = await createPlayer({ verified: false });
    const ready = await createPlayer(); // birthday and verified phone
    await setSettings({ mode: "demo", requiredVerifications: ["phone", "email", "documents"] });
    try {
      expect(await identityRefusal(db, bare.id, "deposit")).toEqual({ missing: ["birthday"] });
      expect(await identityRefusal(db, bare.id, "bet")).toBeNull();
      expect(await identityRefusal(db, ready.id, "deposit")).toBeNull();

      await setSettings({ mode: "real" });
      expect(await identityRefusal(db, bare.id, "deposit")).toEqual({ missing: ["birthday", "phone", "email", "documents"] });
      expect(await identityRefusal(db, bare.id, "bet")).toEqual({ missing: ["birthday", "phone", "email", "documents"] });
      // createPlayer's e-mail is not verified; its phone is.
      expect(await identityRefusal(db, ready.id, "bet")).toEqual({ missing: ["email", "documents"] });

      await setSettings({ requiredVerifications: ["phone"] });
      expect(await identityRefusal(db, ready.id, "deposit")).toBeNull();
      expect(await identityRefusal(db, bare.id, "deposit")).toEqual({ missing: ["birthday", "phone"] });

      // Documents count once one is approved; a pending one is not enough.
      await setSettings({ requiredVerifications: ["documents"] });
      const doc = await upload(ready.id);
      expect(await identityRefusal(db, ready.id, "deposit")).toEqual({ missing: ["documents"] });
      expect((await identityState(db, ready.id))!.state.documents).toBe("pending");
      await reviewDocument({ staffId: staff.id, playerId: ready.id, documentId: doc.id, decision: "approve" });
      expect(await identityRefusal(db, ready.id, "deposit")).toBeNull();
      expect(await identityRefusal(db, 2_000_000_000, "deposit")).toEqual({ missing: ["birthday", "phone", "email", "documents"] });
    } finally {
      await setSettings({ mode: "demo", requiredVerifications: [] });
    }
  });
});

describe("identity documents", () => {
  it("checks the file by its bytes and the type from the list", async () => {
    const p = await createPlayer();
    await expectIdentityError(upload(p.id, "selfie"), "invalid_type", "identity.errors.typeInvalid");
    await expectIdentityError(upload(p.id, "passport", PDF), "invalid_file", "identity.errors.fileType");
    await expectIdentityError(upload(p.id, "passport", new Uint8Array()), "invalid_file", "identity.errors.fileRequired");
    await expectIdentityError(upload(p.id, "passport", new Uint8Array(6 * 1024 * 1024)), "invalid_file", "identity.errors.fileTooLarge");
    expect(await db.select().from(identityDocuments).where(eq(identityDocuments.playerId, p.id))).toEqual([]);
    const doc = await upload(p.id, "national_id");
    expect(doc).toMatchObject({ playerId: p.id, docType: "national_id", status: "pending", mime: "image/png" });
  });

  it(`50 parallel uploads: exactly ${MAX_PENDING_DOCUMENTS} wait for review and only their files are kept`, async () => {
    const p = await createPlayer();
    const before = await countUploads("identity");
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => upload(p.id)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_PENDING_DOCUMENTS);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "too_many_pending" });
    expect(await db.select().from(identityDocuments).where(eq(identityDocuments.playerId, p.id))).toHaveLength(MAX_PENDING_DOCUMENTS);
    expect(await countUploads("identity")).toBe(before + MAX_PENDING_DOCUMENTS);
    // In the upload store (the database), never on this instance's disk.
    expect(await readdir(`${dataDir}/uploads/identity`).catch(() => [])).toEqual([]);
    // A reviewed document frees a place.
    const [first] = await db.select().from(identityDocuments).where(eq(identityDocuments.playerId, p.id)).limit(1);
    await reviewDocument({ staffId: staff.id, playerId: p.id, documentId: first!.id, decision: "reject", reason: "Blurred" });
    await expect(upload(p.id)).resolves.toMatchObject({ status: "pending" });
  });

  it("review: a reason to reject, once only, audited, and only through the document's own player", async () => {
    const [p, other] = [await createPlayer(), await createPlayer()];
    const doc = await upload(p.id);
    await expectIdentityError(
      reviewDocument({ staffId: staff.id, playerId: p.id, documentId: doc.id, decision: "reject", reason: " " }),
      "reason_required",
    );
    await expectIdentityError(reviewDocument({ staffId: staff.id, playerId: other.id, documentId: doc.id, decision: "approve" }), "not_found");
    await expectIdentityError(reviewDocument({ staffId: staff.id, playerId: p.id, documentId: "x1", decision: "approve" }), "not_found");
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        reviewDocument({ staffId: staff.id, playerId: p.id, documentId: doc.id, decision: i % 2 ? "approve" : "reject", reason: "Expired" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "identity_document"), eq(auditLog.entityId, String(doc.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.staffId).toBe(staff.id);
  });

  it("hands the file to staff and to its own player, never to another player", async () => {
    const [p, other] = [await createPlayer(), await createPlayer()];
    const doc = await upload(p.id);
    expect(await getDocumentFile({ documentId: doc.id, viewer: { staffId: staff.id } })).toMatchObject({ mime: "image/png", size: PNG.byteLength });
    expect(await getDocumentFile({ documentId: doc.id, viewer: { playerId: p.id } })).toMatchObject({ mime: "image/png" });
    expect(await getDocumentFile({ documentId: doc.id, viewer: { playerId: other.id } })).toBeNull();
    expect(await getDocumentFile({ documentId: doc.id, ofPlayer: other.id, viewer: { staffId: staff.id } })).toBeNull();
    expect(await getDocumentFile({ documentId: "../etc/passwd", viewer: { staffId: staff.id } })).toBeNull();
  });
});
