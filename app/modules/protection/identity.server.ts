// Identity checks a deposit or a bet needs, asked for up front (never first at withdrawal): the birthday (18+)
// before any deposit in every mode; in real-money mode also the verifications the operator's settings require
// (a verified phone, a verified e-mail, an approved identity document) and the birthday before a bet.
import { and, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { readGeneralSettings } from "#app/modules/settings/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { identityDocuments } from "./schema.ts";
import { type RequirableVerification, requirableVerifications } from "./identity-verifications.ts";

export { type RequirableVerification, requirableVerifications } from "./identity-verifications.ts";
export type Verification = "birthday" | RequirableVerification;
export const verificationOrder: readonly Verification[] = ["birthday", "phone", "email", "documents"];

export type IdentitySettings = { mode: "demo" | "real"; required: RequirableVerification[] };

/** The mode and the required verifications, read fresh (not the page cache), in the caller's transaction. */
export async function readIdentitySettings(executor: Executor = db): Promise<IdentitySettings> {
  const row = await readGeneralSettings(executor);
  const required = (row?.requiredVerifications ?? []).filter((v): v is RequirableVerification =>
    (requirableVerifications as readonly string[]).includes(v),
  );
  return { mode: row?.mode ?? "demo", required };
}

export type CheckState = "done" | "pending" | "missing";
export type IdentityState = {
  settings: IdentitySettings;
  /** Each check's state: documents are "pending" while one waits for review and none is approved. */
  state: Record<Verification, CheckState>;
};

/** Where the player stands on every check; null for an unknown player. */
export async function identityState(executor: Executor, playerId: number): Promise<IdentityState | null> {
  const [row] = await executor
    .select({
      birthday: players.birthday,
      phoneVerifiedAt: players.phoneVerifiedAt,
      emailVerifiedAt: players.emailVerifiedAt,
    })
    .from(players)
    .where(eq(players.id, playerId));
  if (!row) return null;
  const docs = await executor
    .selectDistinct({ status: identityDocuments.status })
    .from(identityDocuments)
    .where(and(eq(identityDocuments.playerId, playerId), inArray(identityDocuments.status, ["approved", "pending"])));
  const has = (status: string) => docs.some((d) => d.status === status);
  const settings = await readIdentitySettings(executor);
  return {
    settings,
    state: {
      birthday: row.birthday ? "done" : "missing",
      phone: row.phoneVerifiedAt ? "done" : "missing",
      email: row.emailVerifiedAt ? "done" : "missing",
      documents: has("approved") ? "done" : has("pending") ? "pending" : "missing",
    },
  };
}

/** The checks a deposit or a bet needs under these settings. */
export function requiredFor(settings: IdentitySettings, purpose: "deposit" | "bet"): Verification[] {
  const birthday = purpose === "deposit" || settings.mode === "real";
  const rest = settings.mode === "real" ? settings.required : [];
  return verificationOrder.filter((v) => (v === "birthday" ? birthday : (rest as string[]).includes(v)));
}

/**
 * Null when the player may deposit (or bet); otherwise the checks still missing, in a fixed order. An unknown
 * player misses everything. The birthday's 18+ rule is not checked here: an under-18 birthday blocks the account.
 */
export async function identityRefusal(
  executor: Executor,
  playerId: number,
  purpose: "deposit" | "bet",
): Promise<null | { missing: Array<"birthday" | "phone" | "email" | "documents"> }> {
  const current = await identityState(executor, playerId);
  if (!current) return { missing: [...verificationOrder] };
  const missing = requiredFor(current.settings, purpose).filter((v) => current.state[v] !== "done");
  return missing.length ? { missing } : null;
}

/** Whether the player has an approved identity document (what "documents verified" means). */
export async function documentsVerified(executor: Executor, playerId: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: identityDocuments.id })
    .from(identityDocuments)
    .where(and(eq(identityDocuments.playerId, playerId), eq(identityDocuments.status, "approved")))
    .limit(1);
  return Boolean(row);
}
