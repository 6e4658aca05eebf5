import type { MessageKey, MessageParams } from "#app/i18n/message.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, redirect } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { Pager } from "#app/components/games/records/Pager.tsx";
import { ConvertForm } from "#app/components/vip/ConvertForm.tsx";
import { VipCard } from "#app/components/vip/VipCard.tsx";
import { HistoryTable, PointsTable } from "#app/components/vip/VipTables.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { takaText } from "#app/kernel/money.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { findConversion, vipPageData, convertPoints, isVipError, readVipSettings } from "#app/modules/vip/index.server.ts";
import { convertSchema, vipPageSizes, type VipTab, vipTabs } from "#app/modules/vip/index.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import type { Route } from "./+types/vip";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const t = translator(context);
  const page = await vipPageData(player.id, url.searchParams, (key, params) => t(key as MessageKey, params as MessageParams), getLocale(context));
  // After a conversion the page names it; the key is looked up among this player's own conversions only.
  const converted = await findConversion(player.id, url.searchParams.get("converted"));
  return {
    title: t("vip.title"),
    i18n: areaBundle(context, "vip"),
    records: areaBundle(context, "records"),
    layout: layoutFor(request.headers.get("user-agent")),
    ...page,
    done: converted ? t("vip.convert.done", { vp: String(converted.usedVp), amount: takaText(converted.poisha, { symbol: false }) }) : null,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const t = translator(context);
  const { minConvert } = await readVipSettings();
  const minMessage = t("vip.convert.min", { min: minConvert });
  const submission = parseWithZod(await request.formData(), { schema: convertSchema(minConvert, minMessage) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { entry } = await convertPoints(player.id, submission.value);
    return redirect(`/vip?converted=${encodeURIComponent(entry.sourceId)}`);
  } catch (e) {
    if (!isVipError(e)) throw e;
    const message = messageToken(`vip.errors.${e.code}`, e.params);
    const onField = e.code === "below_minimum" || e.code === "not_enough" || e.code === "below_unit";
    return data({ result: submission.reply(onField ? { fieldErrors: { vp: [message] } } : { formErrors: [message] }) }, { status: 400 });
  }
}

function tabHref(tab: VipTab, extra: Record<string, string | number> = {}) {
  const q = new URLSearchParams({ tab, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) });
  return `/vip?${q}`;
}

export default function Vip({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  useArea(loaderData.records);
  const { t } = useTranslation();
  const d = loaderData;
  const tabClass = (active: boolean) => `rounded-md px-2 py-2 text-center text-sm ${active ? "bg-brand font-bold text-black" : "text-white/70"}`;
  return (
    <AccountFrame layout={d.layout}>
      <main data-testid="vip-page" className="flex flex-col gap-3">
        <h1 className="text-xl font-bold">{t("vip.title")}</h1>
        <nav className="grid grid-cols-2 gap-1 rounded-lg bg-panel p-1 min-[520px]:grid-cols-4" aria-label={t("vip.title")} data-testid="vip-tabs">
          {vipTabs.map((tab) => (
            <a key={tab} href={tabHref(tab)} className={tabClass(d.tab === tab)} aria-current={d.tab === tab ? "page" : undefined}>
              {t(`vip.tabs.${tab}`)}
            </a>
          ))}
        </nav>
        {d.tab === "myVip" ? (
          <>
            <VipCard card={d.card} />
            <ConvertForm data={d.convert} result={actionData?.result} done={d.done} />
          </>
        ) : (
          <>
            <section className="overflow-x-auto rounded-xl bg-panel" data-testid={`vip-${d.tab}`}>
              {d.tab === "history" ? <HistoryTable rows={d.history} /> : <PointsTable rows={d.rows} sign={d.tab === "used" ? "−" : "+"} />}
            </section>
            <nav className="flex items-center justify-center gap-1.5 text-xs" aria-label={t("vip.pageSize")} data-testid="vip-sizes">
              <span className="text-white/60">{t("vip.pageSize")}</span>
              {vipPageSizes.map((n) => (
                <a
                  key={n}
                  href={tabHref(d.tab, { size: n })}
                  className={`rounded-full border px-3 py-1 ${n === d.size ? "border-brand bg-brand font-semibold text-black" : "border-white/15"}`}
                  aria-current={n === d.size ? "true" : undefined}
                >
                  {n}
                </a>
              ))}
            </nav>
            <p className="text-center text-xs text-white/50">{t("vip.gmt6")}</p>
            {d.pages > 1 ? <Pager page={d.page} pages={d.pages} link={(page) => tabHref(d.tab, { size: d.size, page })} /> : null}
          </>
        )}
      </main>
    </AccountFrame>
  );
}
