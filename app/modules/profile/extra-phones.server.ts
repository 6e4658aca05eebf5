// The player's extra phone numbers (up to MAX_EXTRA_PHONES beside the main one), each verified like the main phone.
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { phoneDigits } from "#app/modules/sessions/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { phoneAddress } from "./contacts.server.ts";
import type { ProfileError } from "./phone-verification.server.ts";
import { playerPhones } from "./schema.ts";

export const MAX_EXTRA_PHONES = 2;

export type ExtraPhone = typeof playerPhones.$inferSelect;

export async function listExtraPhones(playerId: number) {
  return db.select().from(playerPhones).where(eq(playerPhones.playerId, playerId)).orderBy(asc(playerPhones.id));
}

/** The extra phone with this number on the player's account (any way of writing it), or undefined. */
export async function findExtraPhone(playerId: number, phone: string) {
  const address = phoneAddress(phone);
  return (await listExtraPhones(playerId)).find((p) => phoneAddress(p.phone, p.callingCode) === address);
}

export type AddPhoneResult = { ok: true; phone: ExtraPhone } | ProfileError;

/**
 * Adds an extra phone while the player has fewer than MAX_EXTRA_PHONES. The player's row is locked first, so
 * parallel adds are counted one after another and never exceed the cap.
 */
export async function addExtraPhone(playerId: number, phone: string): Promise<AddPhoneResult> {
  const national = `0${phoneDigits(phone, "880")}`;
  return db.transaction(async (tx) => {
    const [player] = await tx.select().from(players).where(eq(players.id, playerId)).for("update");
    if (!player) return { ok: false, error: "profile.errors.phoneNotFound", status: 404 };
    const existing = await tx.select().from(playerPhones).where(eq(playerPhones.playerId, playerId));
    const address = phoneAddress(national);
    const known = [phoneAddress(player.phone, player.callingCode), ...existing.map((p) => phoneAddress(p.phone, p.callingCode))];
    if (known.includes(address)) return { ok: false, error: "profile.errors.phoneExists", status: 409 };
    if (existing.length >= MAX_EXTRA_PHONES) {
      return { ok: false, error: "profile.errors.maxPhones", status: 409, params: { max: MAX_EXTRA_PHONES } };
    }
    const [row] = await tx.insert(playerPhones).values({ playerId, phone: national }).returning();
    return { ok: true, phone: row! };
  });
}

/** How many extra phones the player has (for tests and the back office). */
export async function countExtraPhones(playerId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(playerPhones)
    .where(and(eq(playerPhones.playerId, playerId)));
  return row?.n ?? 0;
}
