// What /vip shows, shaped for the page: the card, the convert form's figures, and the rows of the list tabs.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { isRequestKey } from "#app/kernel/request-key.ts";
import { readVipSettings } from "./levels.server.ts";
import { CVP_PER_VP, formatVp, levelName } from "./rules.ts";
import { vipEntries } from "./schema.ts";
import { parseVipPage, type VipTab, vipTabs } from "./validation.ts";
import { listVipEntries, vipHistory, vipSummary } from "./vip.server.ts";

type T = (key: string, params?: Record<string, unknown>) => string;

/** Taka per VP at `ratio` VP per ৳100, up to four decimals: 400 -> "0.25". */
function takaPerVp(ratio: number) {
  return (100 / ratio).toFixed(4).replace(/\.?0+$/, "");
}

/** `locale`: the page's language, which names the levels (a level's Bangla name, else its English one). */
export async function vipPageData(playerId: number, query: URLSearchParams, t: T, locale: string) {
  const tabParam = query.get("tab");
  const tab: VipTab = (vipTabs as readonly string[]).includes(tabParam ?? "") ? (tabParam as VipTab) : "myVip";
  const paging = parseVipPage(query);
  const [summary, settings] = await Promise.all([vipSummary(playerId), readVipSettings()]);
  const wholeVp = summary.points / CVP_PER_VP;
  const base = {
    tab,
    size: paging.size,
    card: {
      level: summary.level ? levelName(summary.level, locale) : null,
      next: summary.next ? levelName(summary.next, locale) : null,
      experience: formatVp(summary.experience),
      nextExperience: summary.next ? summary.next.experience.toLocaleString("en-US") : null,
      progress: summary.progress,
      points: formatVp(summary.points),
      earnStake: takaText(settings.stakePerPoint, { symbol: false, decimals: "trim" }),
    },
    convert: {
      min: summary.minConvert,
      wholeVp: String(wholeVp),
      enough: wholeVp >= BigInt(summary.minConvert),
      requestKey: randomUUID(),
      rate:
        summary.level && summary.unit
          ? {
              level: levelName(summary.level, locale),
              ratio: summary.level.ratio,
              perVp: takaPerVp(summary.level.ratio),
              unitVp: String(summary.unit.vp),
              unitAmount: takaText(summary.unit.poisha, { symbol: false }),
            }
          : null,
    },
    rows: [] as { no: number; points: string; source: string; time: string }[],
    history: [] as { year: number; month: number; level: string; experience: string }[],
    page: 1,
    pages: 1,
  };
  if (tab === "received" || tab === "used") {
    const list = await listVipEntries(playerId, tab, paging);
    const offset = (paging.page - 1) * paging.size;
    base.rows = list.items.map((e, i) => ({
      no: offset + i + 1,
      points: formatVp(e.points),
      source:
        e.kind === "used"
          ? e.source === "rollback"
            ? t("vip.sources.rollback", { stake: takaText(e.stake, { symbol: false }) })
            : `৳${takaText(e.amount, { symbol: false })}`
          : t(e.source === "casino" || e.source === "exchange" ? `vip.sources.${e.source}` : "vip.sources.other", {
              stake: takaText(e.stake, { symbol: false }),
            }),
      time: formatDhaka(e.createdAt),
    }));
    return { ...base, page: list.page, pages: list.pages };
  }
  if (tab === "history") {
    const list = await vipHistory(playerId, paging, locale);
    base.history = list.items.map((h) => ({ ...h, experience: formatVp(h.experience) }));
    return { ...base, page: list.page, pages: list.pages };
  }
  return base;
}

/** The player's own conversion with this request key, for the message after the redirect. */
export async function findConversion(playerId: number, key: string | null) {
  if (!isRequestKey(key)) return null;
  const [entry] = await db
    .select()
    .from(vipEntries)
    .where(and(eq(vipEntries.playerId, playerId), eq(vipEntries.kind, "used"), eq(vipEntries.source, "conversion"), eq(vipEntries.sourceId, key)));
  return entry ? { usedVp: entry.points / CVP_PER_VP, poisha: entry.amount } : null;
}
