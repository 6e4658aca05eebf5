// Age and identity through the pages, called as React Router calls them (root middleware, cookies, form posts): the
// deposit page asks for the birthday up front and lists the required checks; an under-18 birthday is confirmed, then
// blocks and logs out; documents are uploaded without JavaScript and reviewed by staff; images stay with staff.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "identity-routes-"));
});

import { db } from "#app/db/db.server.ts";
import { clearSiteConfigCache } from "#app/modules/content/content.server.ts";
import { closeIdleConnections, createPlayer, createSite, PDF, PNG, setSettings } from "#app/modules/payments/test-helpers.ts";
import { players } from "#app/modules/players/schema.ts";
import { getSessionPlayer } from "#app/modules/sessions/sessions.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import * as verification from "#app/routes/account/verification.tsx";
import * as documentImage from "#app/routes/admin/players/document-image.ts";
import * as documents from "#app/routes/admin/players/documents.tsx";
import * as deposit from "#app/routes/payments/deposit.tsx";
import { type CallInit, callRoute, type RouteModule, sessionFor } from "#tests/support/route-call.ts";
import { identityDocuments } from "./schema.ts";
import { amlSignals } from "#app/modules/risk/schema.ts";
import { staffCookie } from "#tests/kit/sessions.ts";
import { staffMember } from "#tests/kit/players.ts";

const call = (route: RouteModule, path: string, init: CallInit = {}) =>
  callRoute(route, path, { ...init, headers: { "x-client-ip": "10.9.4.1", ...init.headers } });

function uploadForm(docType: string, file: { bytes: Uint8Array; name: string; type: string } | null) {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("docType", docType);
  form.set("file", file ? new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }) : new File([], ""));
  return form;
}

const cookies = {} as Record<"admin" | "support" | "content", string>;

beforeAll(async () => {
  await createSite();
  await setSettings({ mode: "demo", requiredVerifications: [] });
  clearSiteConfigCache();
  await ensureSeedAdmin(db, "AdminPass12345");
  cookies.admin = await staffCookie("admin", "AdminPass12345");
  for (const role of ["support", "content"] as const) {
    await staffMember(role, `id${role}1`, "StaffPass12345", role);
    cookies[role] = await staffCookie(`id${role}1`, "StaffPass12345");
  }
});

afterAll(async () => {
  await setSettings({ mode: "demo", requiredVerifications: [] });
  await closeIdleConnections();
});

describe("/deposit asks up front", () => {
  it("a player without a birthday is asked for it first; saving it comes back to the same deposit page", async () => {
    const player = await createPlayer({ verified: false });
    const { cookie } = await sessionFor(player);
    const page = await call(deposit, "/deposit?promotionId=7", { cookie });
    expect(page.status).toBe(200);
    expect((page.data as { needed: string[]; back: string }).needed).toEqual(["birthday"]);
    expect((page.data as { back: string }).back).toBe("/deposit?promotionId=7");
    expect(((await call(deposit, "/deposit?promotionId=7&birthday", { cookie })).data as { back: string }).back).toBe("/deposit?promotionId=7");

    const bad = await call(deposit, "/deposit?birthday", { cookie, form: { intent: "birthday", birthday: "2001-02-30", redirectTo: "/deposit" } });
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ birthday: { error: "Please enter a valid date.", confirm: null } });

    const saved = await call(deposit, "/deposit?birthday", {
      cookie,
      form: { intent: "birthday", birthday: "1990-06-01", redirectTo: "/deposit?promotionId=7" },
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/deposit?promotionId=7");
    expect(((await call(deposit, "/deposit", { cookie })).data as { needed: string[] }).needed).toEqual([]);
  });

  it("never redirects off the site after saving", async () => {
    const player = await createPlayer({ verified: false });
    const { cookie } = await sessionFor(player);
    const out = await call(deposit, "/deposit?birthday", {
      cookie,
      form: { intent: "birthday", birthday: "1990-06-01", redirectTo: "//evil.example/x" },
    });
    expect(out.headers.get("location")).toBe("/deposit");
  });

  it("lists the operator's required checks in real-money mode", async () => {
    const player = await createPlayer(); // birthday and phone, e-mail not verified
    const { cookie } = await sessionFor(player);
    await setSettings({ mode: "real", requiredVerifications: ["email", "documents"] });
    try {
      expect(((await call(deposit, "/deposit", { cookie })).data as { needed: string[] }).needed).toEqual(["email", "documents"]);
    } finally {
      await setSettings({ mode: "demo", requiredVerifications: [] });
    }
  });

  it("under 18: asks to confirm, then blocks, logs out and lands on /age-blocked", async () => {
    const player = await createPlayer({ verified: false });
    const { cookie, token } = await sessionFor(player);
    const young = `${new Date().getUTCFullYear() - 15}-06-15`;
    const asked = await call(deposit, "/deposit?birthday", { cookie, form: { intent: "birthday", birthday: young } });
    expect(asked.status).toBe(409);
    expect(asked.data).toMatchObject({ birthday: { confirm: { birthday: young } } });
    expect((asked.data as { birthday: { error: string } }).birthday.error).toContain("your account will be blocked");
    expect((await db.select().from(players).where(eq(players.id, player.id)))[0]!.status).toBe("active");

    const done = await call(deposit, "/deposit?birthday", { cookie, form: { intent: "birthday", birthday: young, confirmUnderage: "1" } });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/age-blocked");
    expect(done.headers.get("set-cookie")).toMatch(/Max-Age=0/i);
    expect(await getSessionPlayer(token)).toBeFalsy();
    expect((await db.select().from(players).where(eq(players.id, player.id)))[0]!.status).toBe("blocked");
    expect(await db.select().from(amlSignals).where(eq(amlSignals.playerId, player.id))).toHaveLength(1);
  });
});

describe("/account/verification", () => {
  it("shows each check with its state and takes a document upload without JavaScript", async () => {
    const player = await createPlayer();
    const { cookie } = await sessionFor(player);
    const page = await call(verification, "/account/verification", { cookie });
    expect(page.status).toBe(200);
    expect((page.data as { checks: unknown[] }).checks).toEqual([
      { kind: "birthday", required: true, state: "done" },
      { kind: "phone", required: false, state: "done" },
      { kind: "email", required: false, state: "missing" },
      { kind: "documents", required: false, state: "missing" },
    ]);

    const wrongType = await call(verification, "/account/verification?form=upload", {
      cookie,
      body: uploadForm("passport", { bytes: PDF, name: "a.png", type: "image/png" }),
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.data).toEqual({ upload: { field: "file", error: "Please upload a JPEG, PNG or WebP image." } });
    const noType = await call(verification, "/account/verification?form=upload", {
      cookie,
      body: uploadForm("selfie", { bytes: PNG, name: "a.png", type: "image/png" }),
    });
    expect(noType.data).toMatchObject({ upload: { field: "docType" } });
    const noFile = await call(verification, "/account/verification?form=upload", { cookie, body: uploadForm("passport", null) });
    expect(noFile.data).toMatchObject({ upload: { field: "file", error: "Please choose a photo or scan of the document." } });

    const ok = await call(verification, "/account/verification?form=upload", {
      cookie,
      body: uploadForm("passport", { bytes: PNG, name: "id.png", type: "image/png" }),
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/account/verification?notice=uploaded");
    const after = (await call(verification, "/account/verification?notice=uploaded", { cookie })).data as {
      uploaded: boolean;
      documents: Array<{ status: string }>;
      checks: Array<{ kind: string; state: string }>;
    };
    expect(after.uploaded).toBe(true);
    expect(after.documents).toMatchObject([{ status: "pending" }]);
    expect(after.checks.find((c) => c.kind === "documents")!.state).toBe("pending");
  });
});

describe("/admin/players/:id/documents", () => {
  it("staff of the protection roles review a document; the image comes with the sandbox headers, to staff only", async () => {
    const [player, other] = [await createPlayer(), await createPlayer()];
    const { cookie: playerCookie } = await sessionFor(player);
    await call(verification, "/account/verification?form=upload", {
      cookie: playerCookie,
      body: uploadForm("national_id", { bytes: PNG, name: "id.png", type: "image/png" }),
    });
    const [doc] = await db.select().from(identityDocuments).where(eq(identityDocuments.playerId, player.id));
    const params = { id: String(player.id) };
    const path = `/admin/players/${player.id}/documents`;

    expect((await call(documents, path, { cookie: cookies.content, params })).status).toBe(403);
    const list = await call(documents, path, { cookie: cookies.support, params });
    expect(list.status).toBe(200);
    expect(list.data).toMatchObject({ verified: false, documents: [{ id: doc!.id, status: "pending", docType: "national_id" }] });

    const imageParams = { id: String(player.id), docId: String(doc!.id) };
    const image = await call(documentImage, `${path}/${doc!.id}/image`, { cookie: cookies.support, params: imageParams });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    // Not through another player's address, not for a content editor, not for a player's session.
    expect((await call(documentImage, "/x", { cookie: cookies.support, params: { id: String(other.id), docId: String(doc!.id) } })).status).toBe(404);
    expect((await call(documentImage, "/x", { cookie: cookies.content, params: imageParams })).status).toBe(403);
    expect((await call(documentImage, "/x", { cookie: playerCookie, params: imageParams })).status).toBe(302);
    expect((await call(documentImage, "/x", { cookie: cookies.support, params: { id: String(player.id), docId: "../../x" } })).status).toBe(404);

    const noReason = await call(documents, path, {
      cookie: cookies.support,
      params,
      form: { intent: "reject", documentId: String(doc!.id), reason: "" },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.data).toEqual({ documentId: doc!.id, error: "Please give a reason." });
    const approved = await call(documents, path, { cookie: cookies.support, params, form: { intent: "approve", documentId: String(doc!.id) } });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("location")).toBe(`${path}?notice=approved`);
    const again = await call(documents, path, {
      cookie: cookies.admin,
      params,
      form: { intent: "reject", documentId: String(doc!.id), reason: "x" },
    });
    expect(again.status).toBe(409);
    expect(((await call(documents, path, { cookie: cookies.support, params })).data as { verified: boolean }).verified).toBe(true);
    const audits = await db.select().from(auditLog).where(eq(auditLog.entity, "identity_document"));
    expect(audits.filter((a) => a.entityId === String(doc!.id)).map((a) => a.action)).toEqual(["identity_document.approve"]);
    // Another player's id in the address cannot review this document.
    const otherPath = `/admin/players/${other.id}/documents`;
    const forged = await call(documents, otherPath, {
      cookie: cookies.support,
      params: { id: String(other.id) },
      form: { intent: "approve", documentId: String(doc!.id) },
    });
    expect(forged.status).toBe(404);
  });
});
