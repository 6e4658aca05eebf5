import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";

export type BoardTab = { above: string; rates: [string, string, string] };

/**
 * The cash reward ratio board: one tab per turnover threshold, three levels each. The tabs are links (the server
 * renders the chosen one without JavaScript); with JavaScript they switch in place.
 */
export function RatioBoard({ tabs, selected, hrefFor }: { tabs: BoardTab[]; selected: number; hrefFor: (i: number) => string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(selected);
  const tab = tabs[current] ?? tabs[0];
  if (!tab) return null;
  const levels = ["l1", "l2", "l3"] as const;
  return (
    <section id="ratio-board" className="rounded-xl bg-panel p-4" data-testid="ratio-board">
      <h2 className="mb-3 font-bold">{t("referral.board.title")}</h2>
      <nav className="mb-3 flex gap-1 overflow-x-auto rounded-lg bg-black/20 p-1" aria-label={t("referral.board.title")}>
        {tabs.map((b, i) => (
          <a
            key={b.above}
            href={hrefFor(i)}
            onClick={(e) => {
              e.preventDefault();
              setCurrent(i);
            }}
            aria-current={i === current ? "true" : undefined}
            className={`flex-1 whitespace-nowrap rounded-md px-2 py-1.5 text-center text-xs ${i === current ? "bg-brand font-bold text-black" : "text-white/70"}`}
            data-testid="ratio-tab"
          >
            {t("referral.board.tab", { amount: b.above })}
          </a>
        ))}
      </nav>
      <p className="mb-2 text-sm text-white/80" data-testid="ratio-range">
        {t("referral.board.range", { amount: tab.above })}
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-white/50">
            <th className="py-1 font-normal">{t("referral.board.level")}</th>
            <th className="py-1 text-right font-normal">{t("referral.board.ratio")}</th>
          </tr>
        </thead>
        <tbody>
          {levels.map((level, i) => (
            <tr key={level} className="border-t border-white/10" data-testid="ratio-row">
              <td className="py-2">
                <span className="mr-2 inline-flex size-6 items-center justify-center rounded-full bg-brand/15 text-xs font-bold text-brand">
                  {i + 1}
                </span>
                {t(`referral.board.levels.${level}`)}
              </td>
              <td className="py-2 text-right font-semibold tabular-nums">{tab.rates[i]}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs leading-relaxed text-white/60">{t("referral.board.note")}</p>
    </section>
  );
}

export function EarnGuide() {
  const { t } = useTranslation();
  const steps = ["step1", "step2", "step3"] as const;
  return (
    <section className="rounded-xl bg-panel p-4" data-testid="earn-guide">
      <h2 className="mb-3 font-bold">{t("referral.guide.title")}</h2>
      <ol className="grid gap-3 min-[600px]:grid-cols-3">
        {steps.map((step, i) => (
          <li key={step} className="flex gap-3 rounded-lg bg-black/20 p-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-black">{i + 1}</span>
            <div>
              <h3 className="text-sm font-semibold">{t(`referral.guide.${step}.title`)}</h3>
              <p className="text-xs text-white/60">{t(`referral.guide.${step}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
