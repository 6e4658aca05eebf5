import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, redirect } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { CodePanel } from "#app/components/referral/CodePanel.tsx";
import { Figures } from "#app/components/referral/Figures.tsx";
import { EarnGuide, RatioBoard } from "#app/components/referral/RatioBoard.tsx";
import { RewardHistory } from "#app/components/referral/RewardHistory.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { takaText } from "#app/kernel/money.ts";
import { formatPpmPercent, historyPageSizes, type HistoryPageSize } from "#app/modules/referral/index.ts";
import {
  claimAllRewards,
  getOwnClaim,
  listRewardHistory,
  referralFigures,
  inviteLink,
  getReferralSettings,
} from "#app/modules/referral/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { useRootData } from "#app/root.tsx";
import { layoutFor } from "#app/utils/layout.server.ts";
import type { Route } from "./+types/referral";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const PATH = "/refrrel-program";
/** Whole-taka thresholds as the board shows them ("200,000"); a threshold with poisha keeps them. */
const thresholdText = (poisha: number) => takaText(BigInt(poisha), { symbol: false, decimals: "trim" });

function parseSize(value: string | null): HistoryPageSize {
  const n = Number(value);
  return (historyPageSizes as readonly number[]).includes(n) ? (n as HistoryPageSize) : 10;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const tab = url.searchParams.get("tab") === "history" ? "history" : "intro";
  const common = {
    title: translate(context, "referral.title"),
    i18n: areaBundle(context, "referral"),
    layout: layoutFor(request.headers.get("user-agent")),
  };
  if (tab === "history") {
    const size = parseSize(url.searchParams.get("size"));
    const page = Math.max(1, Math.min(1_000_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
    const list = await listRewardHistory(player.id, { page, size });
    return {
      ...common,
      tab: "history" as const,
      records: areaBundle(context, "records"),
      history: {
        size,
        page: list.page,
        pages: list.pages,
        rows: list.items.map((r) => ({
          id: r.id,
          day: r.day,
          turnover: takaText(r.turnover, { symbol: false }),
          reward: takaText(r.reward, { symbol: false }),
          status: r.status,
          levels: [
            takaText(r.level1Turnover, { symbol: false }),
            takaText(r.level2Turnover, { symbol: false }),
            takaText(r.level3Turnover, { symbol: false }),
          ] as [string, string, string],
          tab:
            r.tabAbove !== null && r.ratesPpm
              ? { above: thresholdText(Number(r.tabAbove)), rates: r.ratesPpm.map((p) => `${formatPpmPercent(p)}%`).join(" / ") }
              : null,
        })),
      },
    };
  }
  const [figures, settings] = await Promise.all([referralFigures(player.id), getReferralSettings()]);
  const claimId = Number(url.searchParams.get("claim"));
  const claim = url.searchParams.has("claim") ? await getOwnClaim(player.id, claimId) : undefined;
  const boardTab = Number(url.searchParams.get("board"));
  return {
    ...common,
    tab: "intro" as const,
    claimed: claim ? takaText(claim.amount, { symbol: false }) : null,
    code: player.referralCode,
    link: inviteLink(player.referralCode),
    qrSrc: `/resources/referral-qr.svg?v=${encodeURIComponent(player.referralCode)}`,
    figures: {
      downlines: figures.downlines,
      activeDownlines: figures.activeDownlines,
      requiredDeposit: takaText(figures.requiredDeposit, { symbol: false }),
      requiredTurnover: takaText(figures.requiredTurnover, { symbol: false }),
      lifetimeRewards: takaText(figures.lifetimeRewards, { symbol: false }),
      referralTurnover: takaText(figures.referralTurnover, { symbol: false }),
      claimable: takaText(figures.claimable, { symbol: false }),
      canClaim: figures.claimable > 0n,
    },
    board: settings.board.tabs.map((b) => ({
      above: thresholdText(b.above),
      rates: b.ratesPpm.map(formatPpmPercent) as [string, string, string],
    })),
    boardTab: Number.isInteger(boardTab) && boardTab >= 0 && boardTab < settings.board.tabs.length ? boardTab : 0,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const form = await request.formData();
  if (form.get("intent") !== "claim") throw data(null, { status: 400 });
  const result = await claimAllRewards(player);
  if (!result.ok) return data({ error: "referral.figures.nothingToClaim" as const }, { status: 409 });
  // Post/Redirect/Get: a reload shows the result and never claims again.
  return redirect(`${PATH}?claim=${result.claimId}`);
}

export default function ReferralProgram({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  useArea(loaderData.tab === "history" ? loaderData.records : undefined);
  const { t } = useTranslation();
  const root = useRootData();
  const tabClass = (active: boolean) =>
    `flex-1 rounded-md px-3 py-2 text-center text-sm ${active ? "bg-brand font-bold text-black" : "text-white/70"}`;
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="referral-page" className="space-y-3">
        <h1 className="text-xl font-bold">{t("referral.title")}</h1>
        <nav className="flex gap-1 rounded-lg bg-panel p-1" aria-label={t("referral.title")}>
          <a href={PATH} className={tabClass(loaderData.tab === "intro")} aria-current={loaderData.tab === "intro" ? "page" : undefined}>
            {t("referral.tabs.intro")}
          </a>
          <a
            href={`${PATH}?tab=history`}
            className={tabClass(loaderData.tab === "history")}
            aria-current={loaderData.tab === "history" ? "page" : undefined}
          >
            {t("referral.tabs.history")}
          </a>
        </nav>
        {loaderData.tab === "history" ? (
          <RewardHistory
            rows={loaderData.history.rows}
            size={loaderData.history.size}
            sizes={historyPageSizes}
            page={loaderData.history.page}
            pages={loaderData.history.pages}
            path={PATH}
          />
        ) : (
          <>
            {actionData?.error ? (
              <p role="alert" className="rounded-lg bg-white/10 p-3 text-sm" data-testid="claim-notice">
                {t(actionData.error)}
              </p>
            ) : loaderData.claimed ? (
              <p role="status" className="rounded-lg bg-accent/20 p-3 text-sm text-accent-light" data-testid="claim-notice">
                {t("referral.figures.claimed", { amount: loaderData.claimed })}
              </p>
            ) : null}
            <section className="rounded-xl bg-panel p-4" aria-labelledby="referral-info">
              <h2 id="referral-info" className="mb-3 font-bold">
                {t("referral.info")}
              </h2>
              <Figures figures={loaderData.figures} action={PATH} />
            </section>
            <section className="rounded-xl bg-panel p-4" aria-labelledby="my-referral">
              <h2 id="my-referral" className="mb-3 font-bold">
                {t("referral.mine")}
              </h2>
              <CodePanel code={loaderData.code} link={loaderData.link} qrSrc={loaderData.qrSrc} siteTitle={root?.site.title ?? ""} />
            </section>
            <RatioBoard tabs={loaderData.board} selected={loaderData.boardTab} hrefFor={(i) => `${PATH}?board=${i}#ratio-board`} />
            <EarnGuide />
          </>
        )}
      </main>
    </AccountFrame>
  );
}
