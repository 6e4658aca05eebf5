// The VIP figures the profile page and /api/user/show show, read from the VIP module.
import { CVP_PER_VP } from "#app/modules/vip/rules.ts";
import { formatVp, vipSummary } from "#app/modules/vip/vip.server.ts";

/** The player's level name, whole VP (the API's vip_coin, what /api/convert-vipcoin takes) and VP as shown (0.5 VP too). */
export async function playerVip(playerId: number): Promise<{ level: string; points: number; pointsText: string }> {
  const summary = await vipSummary(playerId);
  return { level: summary.level?.name ?? "Normal", points: Number(summary.points / CVP_PER_VP), pointsText: formatVp(summary.points) };
}
