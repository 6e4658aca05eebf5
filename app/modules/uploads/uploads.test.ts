// The upload store: files live in the database, where every app instance reads them. A deposit proof stored by one
// instance (another process with its own DATA_DIR, on PostgreSQL) is served by the routes of this one, to its player
// and to finance staff only, with the sandbox headers; files an earlier version left on an instance's disk are
// imported once on start-up, and importing again changes nothing.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "#app/config/env.server.ts";
import { openPostgres } from "#app/db/client.server.ts";
import { db } from "#app/db/db.server.ts";
import { captureLogs } from "#app/kernel/log.server.ts";
import { submitDeposit } from "#app/modules/payments/deposits.server.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createSite,
  depositFor,
  isPostgres,
  PNG,
} from "#app/modules/payments/test-helpers.ts";
import { staffCookie as staffCookieOf } from "#tests/kit/sessions.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import * as staffProofRoute from "#app/routes/admin/payments/deposit-proof.ts";
import * as posterRoute from "#app/routes/resources/poster.ts";
import * as playerProofRoute from "#app/routes/resources/deposit-proof.ts";
import { UPLOAD_CSP } from "#app/utils/security-headers.server.ts";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";
import { IMPORT_MARKER, importDiskUploads } from "./import-disk.server.ts";
import { LEGACY_UPLOAD_FOLDERS } from "#app/startup/legacy-uploads.server.ts";
import { DatabaseUploadStore, uploadStore } from "./storage.server.ts";
import { staffMember } from "#tests/kit/players.ts";

const WEBP = Uint8Array.from(Buffer.from("UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v3AgAA=", "base64"));

let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;
let financeCookie: string;
let traderCookie: string;

beforeAll(async () => {
  await createSite();
  ctx = await createMethodWithNumbers();
  financeCookie = await staffCookie("finance");
  traderCookie = await staffCookie("trader");
});
afterAll(closeIdleConnections);

async function staffCookie(role: "finance" | "trader") {
  await ensureSeedAdmin(db, "AdminPass12345");
  const username = `${role}${Math.random().toString(36).slice(2, 8)}`;
  await staffMember(role, username, "StaffPass12345", role);
  return staffCookieOf(username, "StaffPass12345");
}

const asPlayer = async (player: { id: number }, depositId: number) =>
  callRoute(playerProofRoute, `/resources/deposit-proof?id=D${depositId}`, { cookie: (await sessionFor(player)).cookie });
const asStaff = (cookie: string, depositId: number) =>
  callRoute(staffProofRoute, `/admin/finance/deposits/${depositId}/proof`, { cookie, params: { id: String(depositId) } });

async function expectServedProof(response: Response | undefined, bytes: Uint8Array) {
  expect(response?.status).toBe(200);
  expect(response!.headers.get("content-type")).toBe("image/png");
  expect(response!.headers.get("content-length")).toBe(String(bytes.byteLength));
  expect(response!.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response!.headers.get("content-security-policy")).toBe(UPLOAD_CSP);
  expect(new Uint8Array(await response!.arrayBuffer())).toEqual(bytes);
}

describe("the database upload store", () => {
  it("puts, gets, replaces and deletes by key, with the content type and size, and refuses keys that are paths", async () => {
    const store = uploadStore();
    await store.put("proofs/test-a.png", PNG, "image/png");
    expect(await store.has("proofs/test-a.png")).toBe(true);
    const got = await store.get("proofs/test-a.png");
    expect(got).toMatchObject({ contentType: "image/png", size: PNG.byteLength });
    expect(new Uint8Array(got!.bytes)).toEqual(PNG);
    await store.put("proofs/test-a.png", WEBP, "image/webp");
    expect(await store.get("proofs/test-a.png")).toMatchObject({ contentType: "image/webp", size: WEBP.byteLength });
    await store.delete("proofs/test-a.png");
    expect(await store.get("proofs/test-a.png")).toBeNull();
    expect(await store.has("proofs/test-a.png")).toBe(false);
    await store.delete("proofs/test-a.png");
    for (const key of ["../etc/passwd", "proofs/../x", "/abs", "proofs/", "a b/c", "proofs/x/y"]) {
      await expect(store.put(key, PNG, "image/png"), key).rejects.toThrow(/Not an upload key/);
    }
  });
});

describe("deposit proofs", () => {
  it("are served from the store to their player and to finance staff, never to another player or other staff", async () => {
    const [owner, other] = [await createPlayer(), await createPlayer()];
    const deposit = await depositFor(owner.id, ctx);
    await expectServedProof((await asPlayer(owner, deposit.id)).response, PNG);
    await expectServedProof((await asStaff(financeCookie, deposit.id)).response, PNG);
    expect((await asPlayer(other, deposit.id)).status).toBe(404);
    expect((await asStaff(traderCookie, deposit.id)).status).toBe(403);
    // Removed from the store: a 404, as a missing file was.
    await uploadStore().delete(`proofs/${deposit.proofFile!}`);
    expect((await asPlayer(owner, deposit.id)).status).toBe(404);
    expect((await asStaff(financeCookie, deposit.id)).status).toBe(404);
  });

  it.runIf(isPostgres())(
    "stored through another app instance (another process, its own DATA_DIR, the same database) are served by this one",
    async () => {
      const player = await createPlayer();
      const otherDataDir = mkdtempSync(path.join(tmpdir(), "bdgame-instance-b-"));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          "tests/support/upload-instance.ts",
          JSON.stringify({ playerId: player.id, methodId: ctx.method.id, walletNumberId: ctx.agent.id, proof: Buffer.from(PNG).toString("base64") }),
        ],
        { env: { ...process.env, DATA_DIR: otherDataDir }, timeout: 60_000 },
      );
      const { depositId, proofFile } = JSON.parse(stdout.trim().split("\n").at(-1)!) as { depositId: number; proofFile: string };
      // Nothing of it on either instance's disk: it is in the database.
      expect(readdirSync(otherDataDir)).not.toContain("uploads");
      expect(readdirSync(getEnv().DATA_DIR)).not.toContain("uploads");
      await expectServedProof((await asPlayer(player, depositId)).response, PNG);
      await expectServedProof((await asStaff(financeCookie, depositId)).response, PNG);

      // And the other way round, through two separate pools of this process: stored through a second pool, read
      // through the app's.
      const second = await openPostgres(process.env.DATABASE_URL!, { max: 2 });
      try {
        await new DatabaseUploadStore(second.db).put(`proofs/${proofFile}`, WEBP, "image/webp");
        expect(await uploadStore().get(`proofs/${proofFile}`)).toMatchObject({ contentType: "image/webp", size: WEBP.byteLength });
      } finally {
        await second.close();
      }
    },
    60_000,
  );
});

describe("uploads an earlier version kept on disk", () => {
  it("are imported into the store once on start-up, served from there, and importing again changes nothing", async () => {
    const player = await createPlayer();
    const { deposit } = await submitDeposit(player.id, {
      methodId: ctx.method.id,
      channelType: "Agent",
      walletNumberId: ctx.agent.id,
      amount: "1000",
      senderNumber: "01712345678",
      trxId: `TRX${Date.now().toString(16).toUpperCase()}IMPORT`,
      promotionId: null,
      proof: { bytes: WEBP, declaredName: "a.webp" },
      idempotencyKey: `k-import-${Date.now()}`,
    });
    // As an earlier version left it: the file on this instance's disk, nothing in the store.
    await uploadStore().delete(`proofs/${deposit.proofFile}`);
    const dataDir = mkdtempSync(path.join(tmpdir(), "bdgame-legacy-"));
    mkdirSync(path.join(dataDir, "uploads", "proofs"), { recursive: true });
    mkdirSync(path.join(dataDir, "posters"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", "proofs", deposit.proofFile!), WEBP);
    const poster = `${"b".repeat(32)}.png`;
    writeFileSync(path.join(dataDir, "posters", poster), PNG);
    // Not ours: a stray name, and a file with one of our names whose bytes are not an image.
    writeFileSync(path.join(dataDir, "posters", "notes.txt"), "hello");
    writeFileSync(path.join(dataDir, "posters", `${"c".repeat(32)}.png`), "<svg/>");
    expect((await asPlayer(player, deposit.id)).status).toBe(404);

    const logs = captureLogs();
    try {
      const first = await importDiskUploads({ folders: LEGACY_UPLOAD_FOLDERS, dataDir });
      expect(first).toMatchObject({ imported: 2, alreadyStored: 0 });
      expect(first.skipped.map((f) => path.basename(f)).sort()).toEqual([`${"c".repeat(32)}.png`, "notes.txt"]);
      expect(logs.messages("info").sort()).toEqual([
        expect.stringMatching(/^imported 1 file from .*posters into the upload store/),
        expect.stringMatching(/^imported 1 file from .*proofs into the upload store/),
      ]);
      expect(logs.messages("error")).toEqual([expect.stringMatching(/^left out of the import \(not a file the app stored\): .*notes\.txt/)]);
    } finally {
      logs.restore();
    }
    const served = (await asPlayer(player, deposit.id)).response!;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(WEBP);
    const posterOut = await callRoute(posterRoute, `/poster/${poster}`, { params: { name: poster } });
    expect(posterOut.status).toBe(200);
    expect(new Uint8Array(await posterOut.response!.arrayBuffer())).toEqual(PNG);
    expect(await uploadStore().has(`posters/${"c".repeat(32)}.png`)).toBe(false);
    // The files stay where they were, and each folder is marked.
    expect(readdirSync(path.join(dataDir, "uploads", "proofs")).sort()).toEqual([IMPORT_MARKER, deposit.proofFile].sort());

    // The next start-up: nothing to do.
    expect(await importDiskUploads({ folders: LEGACY_UPLOAD_FOLDERS, dataDir })).toEqual({ imported: 0, alreadyStored: 0, skipped: [] });
    // A file added since (say, copied over from another instance's disk) is imported; what is stored is left alone.
    const later = `${"d".repeat(32)}.png`;
    writeFileSync(path.join(dataDir, "uploads", "proofs", later), PNG);
    expect(await importDiskUploads({ folders: LEGACY_UPLOAD_FOLDERS, dataDir })).toEqual({ imported: 1, alreadyStored: 1, skipped: [] });
    expect(await uploadStore().get(`proofs/${later}`)).toMatchObject({ contentType: "image/png", size: PNG.byteLength });
  });
});
