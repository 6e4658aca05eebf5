// The support back office's players: search, the player's card, and contact edits (audited; changing a verified
// phone or e-mail removes its verification and gives the number or address up for other accounts).
import { asc, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { findPlayerById, securityLevel, players, playerTextMatchSql, setContactDetails } from "#app/modules/players/index.server.ts";
import { audit, changedFields } from "#app/modules/audit/index.server.ts";
import { emailAddress, phoneAddress, releaseContact } from "./contacts.server.ts";
import { listExtraPhones } from "./extra-phones.server.ts";
import type { ContactEdit } from "./validation.ts";

export { contactEditSchema, playerSearchSchema } from "./validation.ts";

export const SEARCH_LIMIT = 50;

/** Players whose username, e-mail or phone contains the text (a phone also matches without its leading 0 or with +880), through the trigram index. */
export async function searchPlayers(q: string) {
  return db
    .select({
      id: players.id,
      username: players.username,
      name: players.name,
      phone: players.phone,
      email: players.email,
      status: players.status,
      createdAt: players.createdAt,
    })
    .from(players)
    .where(playerTextMatchSql(q, players))
    .orderBy(asc(players.username))
    .limit(SEARCH_LIMIT);
}

export async function playerCard(id: number) {
  const player = await findPlayerById(id);
  if (!player) return null;
  const [balances, extras] = await Promise.all([getPlayerBalances(id), listExtraPhones(id)]);
  return { player, balances, extras, securityLevel: securityLevel(player) };
}

export type EditResult = { ok: true; changed: boolean } | { ok: false; notFound: true };

/** Saves the contact data in one transaction with its audit row ("player.contact.update", before and after). */
export async function updatePlayerContact(actor: { staffId: number; ip: string | null }, playerId: number, input: ContactEdit): Promise<EditResult> {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(players).where(eq(players.id, playerId)).for("update");
    if (!p) return { ok: false, notFound: true } as const;
    const phoneChanged = phoneAddress(input.phone, p.callingCode) !== phoneAddress(p.phone, p.callingCode);
    const emailChanged = emailAddress(input.email) !== emailAddress(p.email);
    const next = {
      name: input.name,
      phone: phoneChanged ? input.phone : p.phone,
      email: emailChanged ? emailAddress(input.email) : p.email,
      birthday: input.birthday || null,
      phoneVerifiedAt: phoneChanged ? null : p.phoneVerifiedAt,
      emailVerifiedAt: emailChanged ? null : p.emailVerifiedAt,
    };
    const before = {
      name: p.name,
      phone: p.phone,
      email: p.email,
      birthday: p.birthday,
      phoneVerified: !!p.phoneVerifiedAt,
      emailVerified: !!p.emailVerifiedAt,
    };
    const after = { ...before, ...next, phoneVerified: !!next.phoneVerifiedAt, emailVerified: !!next.emailVerifiedAt };
    delete (after as Record<string, unknown>).phoneVerifiedAt;
    delete (after as Record<string, unknown>).emailVerifiedAt;
    const diff = changedFields(before, after);
    if (!Object.keys(diff.after).length) return { ok: true, changed: false } as const;
    await setContactDetails(tx, playerId, next);
    if (phoneChanged && p.phoneVerifiedAt) await releaseContact(tx, "phone", phoneAddress(p.phone, p.callingCode), playerId);
    if (emailChanged && p.emailVerifiedAt) await releaseContact(tx, "email", emailAddress(p.email), playerId);
    await audit(tx, { staffId: actor.staffId, action: "player.contact.update", entity: "player", entityId: playerId, ...diff, ip: actor.ip });
    return { ok: true, changed: true } as const;
  });
}
