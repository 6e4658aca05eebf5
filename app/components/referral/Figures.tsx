import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";

export type FigureTexts = {
  downlines: number;
  activeDownlines: number;
  requiredDeposit: string;
  requiredTurnover: string;
  lifetimeRewards: string;
  referralTurnover: string;
  claimable: string;
  canClaim: boolean;
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-black/20 p-3">
      <dt className="text-xs text-white/60">{label}</dt>
      <dd className="mt-1 text-lg font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The player's referral figures and Claim All (a plain POST form, so it works without JavaScript). */
export function Figures({ figures, action }: { figures: FigureTexts; action: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="referral-figures">
      <dl className="grid grid-cols-2 gap-2 min-[600px]:grid-cols-3">
        <div className="rounded-lg bg-black/20 p-3">
          <dt className="text-xs text-white/60">{t("referral.figures.active")}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums" data-testid="active-downlines">
            {figures.activeDownlines}
          </dd>
          <dd className="text-[0.7rem] text-white/50" data-testid="registered-downlines">
            {t("referral.figures.registered", { count: figures.downlines })}
          </dd>
        </div>
        <Figure label={t("referral.figures.requiredDeposit")} value={`৳${figures.requiredDeposit}`} testId="required-deposit" />
        <Figure label={t("referral.figures.requiredTurnover")} value={`৳${figures.requiredTurnover}`} testId="required-turnover" />
        <Figure label={t("referral.figures.lifetime")} value={`৳${figures.lifetimeRewards}`} testId="lifetime-rewards" />
        <Figure label={t("referral.figures.turnover")} value={`৳${figures.referralTurnover}`} testId="referral-turnover" />
      </dl>
      <p className="mt-2 text-xs text-white/50">{t("referral.figures.activeHint")}</p>
      <div className="mt-3 flex items-center justify-between gap-3 rounded-lg border border-brand/30 bg-brand/10 p-3">
        <div>
          <div className="text-xs text-white/70">{t("referral.figures.cashRewards")}</div>
          <div className="text-xl font-bold text-brand tabular-nums" data-testid="claimable">
            ৳{figures.claimable}
          </div>
        </div>
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="claim" />
          {figures.canClaim ? (
            <SubmitButton
              label={t("referral.figures.claimAll")}
              pendingLabel={t("referral.figures.claiming")}
              action={action}
              className="btn-primary !px-5"
            />
          ) : (
            <button type="submit" className="btn-primary !px-5" disabled>
              {t("referral.figures.claimAll")}
            </button>
          )}
        </Form>
      </div>
    </div>
  );
}
