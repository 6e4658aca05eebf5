// One-click betting on the market page (README "One-click betting"): the preset bar above the markets, and with
// JavaScript a tap on a price places the bet at once with the selected preset, through the page's own bet action
// (the slip's path and checks). Without JavaScript, or before the page has hydrated, a price still opens the slip.
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { fromWholeTaka, takaText } from "#app/kernel/money.ts";

export type OneClickData = { oneClick: boolean; presets: number[]; stake: number; confirmBets: boolean };

const stakeText = (taka: number) => takaText(fromWholeTaka(taka), { decimals: "trim" });
/** A price cell of MarketTables.tsx: a link to the slip for that price. */
const PRICE_CELL = "a[data-testid^='price-']";
/** A second tap on the same price this soon after the first sends the first one's request key: one bet, not two. */
const SAME_TAP_MS = 2000;

function newKey() {
  return typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The link to the settings, and when one-click is on, the presets to choose the stake from (plain forms). */
export function OneClickBar({ settings, back }: { settings: OneClickData; back: string }) {
  const { t } = useTranslation();
  const settingsHref = `/exchange/one-click?${new URLSearchParams({ back })}`;
  const link = (
    <a href={settingsHref} className="text-xs underline" data-testid="one-click-settings-link">
      {t("exchange.oneClick.settings")}
    </a>
  );
  if (!settings.oneClick) return <p className="mb-3 text-right">{link}</p>;
  return (
    <section className="mb-3 rounded-xl bg-panel p-2" aria-labelledby="one-click-bar" data-testid="one-click-bar">
      <div className="mb-1 flex items-center gap-2">
        <h2 id="one-click-bar" className="flex-1 text-sm font-bold text-emerald-400">
          {t("exchange.oneClick.on")}
        </h2>
        {link}
      </div>
      <div className="flex flex-wrap gap-1" role="group" aria-label={t("exchange.oneClick.stakes")}>
        {settings.presets.map((p) => (
          <Form key={p} method="post" action="/exchange/one-click" preventScrollReset>
            <input type="hidden" name="intent" value="stake" />
            <input type="hidden" name="stake" value={p} />
            <input type="hidden" name="redirectTo" value={back} />
            <button
              type="submit"
              aria-pressed={p === settings.stake}
              className={`rounded-lg px-3 py-1.5 text-sm tabular-nums ${p === settings.stake ? "bg-accent font-bold text-ink" : "bg-ink"}`}
            >
              {stakeText(p)}
            </button>
          </Form>
        ))}
      </div>
      <noscript>
        <p className="mt-1 text-xs text-white/60">{t("exchange.oneClick.noScript")}</p>
      </noscript>
    </section>
  );
}

type Tap = { href: string; label: string; form: Record<string, string> };

/**
 * With one-click on and the page hydrated: `onClickCapture` for the element around the markets' tables turns a tap on
 * a price into a bet (after the confirm step when the player asked for it); `dialog` is that step, and the placing
 * status. A tap while a bet is on its way is ignored.
 */
export function useOneClick({ settings, marketId, enabled }: { settings: OneClickData; marketId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [asking, setAsking] = useState<Tap | null>(null);
  const [placing, setPlacing] = useState(false);
  const busy = useRef(false);
  const last = useRef<{ href: string; key: string; at: number } | null>(null);
  const action = `/odds-view?market=${marketId}`;

  useEffect(() => {
    if (navigation.state === "idle" && busy.current) {
      busy.current = false;
      setPlacing(false);
    }
  }, [navigation.state]);

  const place = (tap: Tap) => {
    if (busy.current) return;
    const now = Date.now();
    const key = last.current && last.current.href === tap.href && now - last.current.at < SAME_TAP_MS ? last.current.key : newKey();
    last.current = { href: tap.href, key, at: now };
    busy.current = true;
    setPlacing(true);
    void submit({ ...tap.form, intent: "bet", stake: String(settings.stake), requestKey: key }, { method: "post", action, preventScrollReset: true });
  };

  const onClickCapture = (e: React.MouseEvent) => {
    if (!enabled || !settings.oneClick || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const cell = (e.target as Element).closest<HTMLAnchorElement>(PRICE_CELL);
    if (!cell) return;
    e.preventDefault();
    const q = new URL(cell.href).searchParams;
    const form: Record<string, string> = {};
    for (const [from, to] of [
      ["bet", "market"],
      ["runner", "runner"],
      ["side", "side"],
      ["price", "price"],
      ["line", "line"],
    ] as const) {
      const value = q.get(from);
      if (value !== null) form[to] = value;
    }
    const tap = { href: cell.href, label: cell.dataset.bet ?? "", form };
    if (settings.confirmBets) setAsking(tap);
    else place(tap);
  };

  const stake = stakeText(settings.stake);
  const dialog = asking ? (
    <div
      role="alertdialog"
      aria-labelledby="one-click-confirm-title"
      aria-describedby="one-click-confirm-text"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto max-w-md rounded-xl border border-white/20 bg-panel-2 p-3 shadow-xl"
      data-testid="one-click-confirm"
      onKeyDown={(e) => {
        if (e.key === "Escape") setAsking(null);
      }}
    >
      <h2 id="one-click-confirm-title" className="font-bold">
        {t("exchange.oneClick.confirmTitle")}
      </h2>
      <p id="one-click-confirm-text" className="mb-3 text-sm">
        {t("exchange.oneClick.confirmText", { bet: asking.label, stake })}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-primary flex-1"
          autoFocus
          onClick={() => {
            setAsking(null);
            place(asking);
          }}
        >
          {t("exchange.oneClick.place")}
        </button>
        <button type="button" className="flex-1 rounded-lg bg-ink px-3 py-2" onClick={() => setAsking(null)}>
          {t("exchange.oneClick.cancel")}
        </button>
      </div>
    </div>
  ) : placing ? (
    <p
      role="status"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto max-w-md rounded-xl bg-panel-2 p-3 text-center text-sm"
      data-testid="one-click-placing"
    >
      {t("exchange.oneClick.placing", { stake })}
    </p>
  ) : null;
  return { onClickCapture, dialog };
}
