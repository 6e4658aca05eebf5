// Changes to a player's row that other modules ask for (the players module owns the table): contact details staff
// correct, verified contacts, the birthday set once. Each runs in the caller's transaction.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "#app/db/db.server.ts";
import { players } from "./schema.ts";

export type ContactDetails = Pick<typeof players.$inferInsert, "name" | "phone" | "email" | "birthday" | "phoneVerifiedAt" | "emailVerifiedAt">;

export async function setContactDetails(ex: Executor, playerId: number, details: ContactDetails, now = new Date()) {
  await ex
    .update(players)
    .set({ ...details, updatedAt: now })
    .where(eq(players.id, playerId));
}

/** Keeps an earlier verification time when there is one. */
export async function markEmailVerified(ex: Executor, playerId: number, at: Date) {
  await ex
    .update(players)
    .set({ emailVerifiedAt: sql`coalesce(${players.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at })
    .where(eq(players.id, playerId));
}

export async function markPhoneVerified(ex: Executor, playerId: number, at: Date) {
  await ex
    .update(players)
    .set({ phoneVerifiedAt: at, updatedAt: at })
    .where(and(eq(players.id, playerId), isNull(players.phoneVerifiedAt)));
}

/** Sets the birthday only when none is set (and blocks the account when told to); null when one was already set. */
export async function setBirthdayOnce(ex: Executor, playerId: number, birthday: string, { block, now }: { block: boolean; now: Date }) {
  const [row] = await ex
    .update(players)
    .set({ birthday, updatedAt: now, ...(block ? { status: "blocked" as const } : {}) })
    .where(and(eq(players.id, playerId), isNull(players.birthday)))
    .returning({ birthday: players.birthday });
  return row?.birthday ?? null;
}
