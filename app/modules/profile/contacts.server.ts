// One person, one account: a verified phone number or e-mail address belongs to one player (verified_contacts).
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Executor } from "#app/db/db.server.ts";
import { phoneDigits } from "#app/modules/sessions/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { playerPhones, verifiedContacts } from "./schema.ts";

export type ContactKind = "phone" | "email";

/** The one form a phone number is compared and sent to: +<calling code><national number without its 0>. */
export const phoneAddress = (phone: string, callingCode = "880") => `+${callingCode}${phoneDigits(phone, callingCode)}`;
export const emailAddress = (email: string) => email.trim().toLowerCase();

/** The player holding this contact, or undefined. Also finds main phones and e-mails verified before this table existed. */
export async function contactOwner(executor: Executor, kind: ContactKind, value: string, exceptPlayerId = 0) {
  const [claimed] = await executor
    .select({ playerId: verifiedContacts.playerId })
    .from(verifiedContacts)
    .where(and(eq(verifiedContacts.kind, kind), eq(verifiedContacts.value, value), ne(verifiedContacts.playerId, exceptPlayerId)))
    .limit(1);
  if (claimed) return claimed.playerId;
  const legacy =
    kind === "email"
      ? and(isNotNull(players.emailVerifiedAt), sql`lower(${players.email}) = ${value}`)
      : and(
          isNotNull(players.phoneVerifiedAt),
          sql`'+' || ${players.callingCode} || ltrim(regexp_replace(${players.phone}, '\\D', '', 'g'), '0') = ${value}`,
        );
  const [row] = await executor
    .select({ id: players.id })
    .from(players)
    .where(and(legacy, ne(players.id, exceptPlayerId)))
    .limit(1);
  return row?.id;
}

/**
 * Claims the contact for the player inside the caller's transaction. False when another account holds it; the
 * unique index makes two accounts verifying the same number at once end with one winner.
 */
export async function claimContact(tx: Executor, kind: ContactKind, value: string, playerId: number) {
  if ((await contactOwner(tx, kind, value, playerId)) !== undefined) return false;
  await tx.insert(verifiedContacts).values({ kind, value, playerId }).onConflictDoNothing();
  const [row] = await tx
    .select({ playerId: verifiedContacts.playerId })
    .from(verifiedContacts)
    .where(and(eq(verifiedContacts.kind, kind), eq(verifiedContacts.value, value)));
  return row?.playerId === playerId;
}

/** Gives up the player's claim on a contact that is no longer verified on the account (support changed it). */
export async function releaseContact(tx: Executor, kind: ContactKind, value: string, playerId: number) {
  if (kind === "phone") {
    // The same number may still be verified as one of the player's extra phones.
    const extras = await tx
      .select({ phone: playerPhones.phone, callingCode: playerPhones.callingCode })
      .from(playerPhones)
      .where(and(eq(playerPhones.playerId, playerId), isNotNull(playerPhones.verifiedAt)));
    if (extras.some((p) => phoneAddress(p.phone, p.callingCode) === value)) return;
  }
  await tx
    .delete(verifiedContacts)
    .where(and(eq(verifiedContacts.kind, kind), eq(verifiedContacts.value, value), eq(verifiedContacts.playerId, playerId)));
}
