// The VIP figures the profile page and /api/user/show show, read from the VIP module.
import { DEFAULT_LEVELS, formatVp, levelName, vipSummary } from "#app/modules/vip/index.server.ts";
import { CVP_PER_VP } from "#app/modules/vip/index.ts";

/**
 * The player's level name in `locale`'s language (the API's vip_level keeps the default, English), whole VP (the API's
 * vip_coin, what /api/convert-vipcoin takes) and VP as shown (0.5 VP too).
 */
export async function playerVip(playerId: number, locale = "en"): Promise<{ level: string; points: number; pointsText: string }> {
  const summary = await vipSummary(playerId);
  return {
    level: levelName(summary.level ?? DEFAULT_LEVELS[0], locale),
    points: Number(summary.points / CVP_PER_VP),
    pointsText: formatVp(summary.points),
  };
}
