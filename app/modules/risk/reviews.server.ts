// Reviews on a player: while one is open, their withdrawals are held (finance cannot approve them; nothing is ever
// paid automatically) until a staff member clears it with a reason. Opening and clearing take the player's row lock,
// and approving a withdrawal takes it shared (hasOpenReview), so an approval never runs alongside an opening.
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Tx } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { playerReviews } from "./schema.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { staffUsers } from "#app/modules/staff/index.server.ts";

export type ReviewActor = { staffId: number | null; ip?: string | null };
export type Review = typeof playerReviews.$inferSelect;

async function lockPlayer(tx: Tx, playerId: number, mode: "update" | "share") {
  const [row] = await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId)).for(mode);
  return row;
}

/** Inside a caller's transaction: opens a review unless one is open (then returns that one, opened false). */
export async function openReviewIn(
  tx: Tx,
  actor: ReviewActor,
  playerId: number,
  reason: string,
  signalId?: number,
): Promise<{ ok: true; review: Review; opened: boolean } | { ok: false; reason: "not_found" }> {
  if (!(await lockPlayer(tx, playerId, "update"))) return { ok: false, reason: "not_found" };
  const [created] = await tx
    .insert(playerReviews)
    .values({ playerId, openReason: reason, openedBy: actor.staffId })
    .onConflictDoNothing({ target: playerReviews.playerId, where: sql`status = 'open'` })
    .returning();
  if (!created) {
    const [open] = await tx
      .select()
      .from(playerReviews)
      .where(and(eq(playerReviews.playerId, playerId), eq(playerReviews.status, "open")));
    return { ok: true, review: open!, opened: false };
  }
  await audit(tx, {
    staffId: actor.staffId,
    action: "risk.review.open",
    entity: "player_review",
    entityId: created.id,
    after: { playerId, reason, ...(signalId ? { signalId } : {}) },
    ip: actor.ip ?? null,
  });
  return { ok: true, review: created, opened: true };
}

/** Opens a review on a player (reason required, audited); at most one is open at a time. */
export function openReview(actor: ReviewActor, playerId: number, reason: string, signalId?: number) {
  return db.transaction((tx) => openReviewIn(tx, actor, playerId, reason, signalId));
}

/** Clears the player's open review with a reason (audited); their held withdrawals may then be approved. */
export async function clearReview(
  actor: { staffId: number; ip?: string | null },
  playerId: number,
  reason: string,
): Promise<{ ok: true; review: Review } | { ok: false; reason: "not_found" | "none_open" }> {
  return db.transaction(async (tx) => {
    if (!(await lockPlayer(tx, playerId, "update"))) return { ok: false, reason: "not_found" } as const;
    const [cleared] = await tx
      .update(playerReviews)
      .set({ status: "cleared", clearedBy: actor.staffId, clearReason: reason, clearedAt: new Date() })
      .where(and(eq(playerReviews.playerId, playerId), eq(playerReviews.status, "open")))
      .returning();
    if (!cleared) return { ok: false, reason: "none_open" } as const;
    await audit(tx, {
      staffId: actor.staffId,
      action: "risk.review.clear",
      entity: "player_review",
      entityId: cleared.id,
      before: { status: "open", reason: cleared.openReason },
      after: { status: "cleared", playerId, reason },
      ip: actor.ip ?? null,
    });
    return { ok: true, review: cleared } as const;
  });
}

/**
 * For approving a withdrawal, inside its transaction: whether the player has an open review (payments then refuses).
 * The shared lock on the player's row waits for an opening in progress and keeps one from starting until the
 * approval commits.
 */
export async function hasOpenReview(tx: Tx, playerId: number): Promise<boolean> {
  await lockPlayer(tx, playerId, "share");
  const [open] = await tx
    .select({ id: playerReviews.id })
    .from(playerReviews)
    .where(and(eq(playerReviews.playerId, playerId), eq(playerReviews.status, "open")));
  return open !== undefined;
}

export async function openReviewOf(playerId: number): Promise<Review | undefined> {
  const [open] = await db
    .select()
    .from(playerReviews)
    .where(and(eq(playerReviews.playerId, playerId), eq(playerReviews.status, "open")));
  return open;
}

const opener = alias(staffUsers, "opener");
const clearer = alias(staffUsers, "clearer");

/** A player's reviews, newest first, with who opened and cleared them. */
export async function playerReviewHistory(playerId: number) {
  return db
    .select({
      id: playerReviews.id,
      status: playerReviews.status,
      openReason: playerReviews.openReason,
      openedBy: opener.username,
      createdAt: playerReviews.createdAt,
      clearReason: playerReviews.clearReason,
      clearedBy: clearer.username,
      clearedAt: playerReviews.clearedAt,
    })
    .from(playerReviews)
    .leftJoin(opener, eq(opener.id, playerReviews.openedBy))
    .leftJoin(clearer, eq(clearer.id, playerReviews.clearedBy))
    .where(eq(playerReviews.playerId, playerId))
    .orderBy(desc(playerReviews.createdAt), desc(playerReviews.id));
}
