import { useTranslation } from "#app/i18n/use-translation.ts";

export type Activity = { lastLogin: string | null; lastDeposit: string | null; lastWithdrawal: string | null; registered: string };

/** Last login / deposit / withdrawal and registration, already formatted in Asia/Dhaka. */
export function ActivityTimes({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const rows = [
    { key: "lastLogin", value: activity.lastLogin },
    { key: "lastDeposit", value: activity.lastDeposit },
    { key: "lastWithdrawal", value: activity.lastWithdrawal },
    { key: "registered", value: activity.registered },
  ] as const;
  return (
    <section className="rounded-xl bg-panel p-4" aria-labelledby="account-activity" data-testid="account-activity">
      <h2 id="account-activity" className="mb-2 text-sm font-semibold text-white/80">
        {t("centre.activity.title")} <span className="font-normal text-white/50">({t("common.timeZoneLabel")})</span>
      </h2>
      <dl className="grid grid-cols-2 gap-2 min-[1024px]:grid-cols-4">
        {rows.map((r) => (
          <div key={r.key} className="rounded-lg bg-ink p-2" data-testid={`activity-${r.key}`}>
            <dt className="text-[0.7rem] text-white/60">{t(`centre.activity.${r.key}`)}</dt>
            <dd className="text-sm tabular-nums">{r.value ?? <span className="text-white/50">{t("centre.activity.none")}</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
