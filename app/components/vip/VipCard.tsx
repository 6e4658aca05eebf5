import { useTranslation } from "#app/i18n/use-translation.ts";

export type VipCardData = {
  level: string | null;
  next: string | null;
  experience: string;
  nextExperience: string | null;
  progress: number;
  points: string;
  earnStake: string;
};

/** The level card: current level, progress to the next one, and the player's total VP. */
export function VipCard({ card }: { card: VipCardData }) {
  const { t } = useTranslation();
  return (
    <section className="rounded-xl bg-gradient-to-br from-amber-500/30 to-panel p-4" data-testid="vip-card">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs text-white/60">{t("vip.card.level")}</p>
          <p className="text-2xl font-bold text-brand" data-testid="vip-level">
            {card.level ?? "—"}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs text-white/60">{t("vip.totalVp")}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="vip-points">
            {card.points}
          </p>
        </div>
      </div>
      <div className="mt-3">
        <div
          className="h-2 overflow-hidden rounded-full bg-black/30"
          role="progressbar"
          aria-label={t("vip.card.progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={card.progress}
        >
          <div className="h-full rounded-full bg-brand" style={{ width: `${card.progress}%` }} />
        </div>
        <p className="mt-1 flex justify-between gap-2 text-xs text-white/70">
          {card.next && card.nextExperience ? (
            <>
              <span>{t("vip.card.next", { name: card.next })}</span>
              <span className="tabular-nums" data-testid="vip-experience">
                {t("vip.card.toNext", { current: card.experience, target: card.nextExperience })}
              </span>
            </>
          ) : (
            <span>{t("vip.card.top")}</span>
          )}
        </p>
      </div>
      <p className="mt-2 text-xs text-white/50">{t("vip.card.howToEarn", { stake: card.earnStake })}</p>
    </section>
  );
}
