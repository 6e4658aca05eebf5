// Converting VP into money on the main wallet, at the player's level's ratio, through the ledger (expense:vip).
// One conversion per request key: a replayed form or API call gets the first outcome back and moves nothing.
import { and, eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { isRequestKey } from "#app/kernel/request-key.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { transfer } from "#app/modules/ledger/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { VipError } from "./errors.ts";
import { listLevels, readVipSettings } from "./levels.server.ts";
import { conversion, conversionUnit, CVP_PER_VP, levelFor } from "./rules.ts";
import { type VipEntry, vipEntries } from "./schema.ts";

export type Conversion = { entry: VipEntry; usedVp: bigint; poisha: bigint; pointsLeft: bigint; replayed: boolean };

/** The ledger key of a conversion: unique per player and request. */
export const conversionTransferKey = (playerId: number, requestKey: string) => `vip:convert:${playerId}:${requestKey}`;

/**
 * Converts `vp` whole VP of the player's points. Refused below the minimum, beyond the points held, or when not even
 * one conversion unit fits (a ratio that does not divide ৳100 into whole poisha per VP). Only whole units are used,
 * so the credit is always whole poisha; the rest of `vp` stays with the player.
 */
export async function convertPoints(playerId: number, input: { vp: bigint; requestKey: string }): Promise<Conversion> {
  if (!isRequestKey(input.requestKey)) throw new VipError("request_invalid", "The form has expired. Open the page again.");
  const settings = await readVipSettings();
  const min = BigInt(settings.minConvert);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`insert into vip_accounts (player_id) values (${playerId}) on conflict do nothing`);
    // The row lock makes conversions of one player take turns: a twin request waits, then finds the first one's row.
    const [account] = rowsOf<{ points: string | bigint; experience: string | bigint }>(
      await tx.execute(sql`select points, experience from vip_accounts where player_id = ${playerId} for update`),
    );
    const points = BigInt(account!.points);
    const [earlier] = await tx
      .select()
      .from(vipEntries)
      .where(
        and(
          eq(vipEntries.playerId, playerId),
          eq(vipEntries.kind, "used"),
          eq(vipEntries.source, "conversion"),
          eq(vipEntries.sourceId, input.requestKey),
        ),
      );
    if (earlier) return { entry: earlier, usedVp: earlier.points / CVP_PER_VP, poisha: earlier.amount, pointsLeft: points, replayed: true };

    const [player] = await tx.select({ currency: players.currency, status: players.status }).from(players).where(eq(players.id, playerId));
    if (!player || player.status !== "active") throw new VipError("player_blocked", "This account cannot convert points.");
    if (input.vp < min) throw new VipError("below_minimum", `Minimum VP Required: ${min}`, { min: String(min) });
    if (input.vp * CVP_PER_VP > points) throw new VipError("not_enough", "Not enough points. Points must follow minimum VP required to convert.");
    const { level } = levelFor(await listLevels(tx), BigInt(account!.experience));
    if (!level) throw new VipError("no_level", "VIP levels are not set up.");
    const { usedVp, poisha } = conversion(input.vp, level.ratio);
    if (usedVp === 0n) throw new VipError("below_unit", "Convert at least one whole unit.", { unit: String(conversionUnit(level.ratio).vp) });

    const used = usedVp * CVP_PER_VP;
    // The CHECK (points >= 0) is the last line of defence; the lock and the test above already make this hold.
    await tx.execute(sql`update vip_accounts set points = points - ${String(used)}::bigint, updated_at = now() where player_id = ${playerId}`);
    const transferKey = conversionTransferKey(playerId, input.requestKey);
    const [entry] = await tx
      .insert(vipEntries)
      .values({
        playerId,
        kind: "used",
        points: used,
        source: "conversion",
        sourceId: input.requestKey,
        amount: poisha,
        currency: player.currency,
        ratio: level.ratio,
        transferKey,
      })
      .returning();
    await transfer(
      {
        key: transferKey,
        debit: "expense:vip",
        credit: `player:${playerId}:main`,
        amount: poisha,
        currency: player.currency,
        kind: "vip",
        memo: `VIP points conversion: ${usedVp} VP at ${level.ratio} VP per 100`,
        meta: { entryId: entry!.id, level: level.name, ratio: level.ratio, vp: String(usedVp) },
      },
      tx,
    );
    return { entry: entry!, usedVp, poisha, pointsLeft: points - used, replayed: false };
  });
  if (!result.replayed) await publishBalanceChanged(playerId);
  return result;
}
