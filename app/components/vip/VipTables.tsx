import { useTranslation } from "#app/i18n/use-translation.ts";

export type PointsRow = { no: number; points: string; source: string; time: string };
export type HistoryRow = { year: number; month: number; level: string; experience: string };

function NoData() {
  const { t } = useTranslation();
  return (
    <p className="p-6 text-center text-sm text-white/50" data-testid="no-data">
      {t("vip.noData")}
    </p>
  );
}

const th = "px-3 py-2 font-normal";
const td = "px-3 py-2.5";

/** VP Received / VP Used: No, VIP Points, Source or Amount, Time. */
export function PointsTable({ rows, sign }: { rows: PointsRow[]; sign: "+" | "−" }) {
  const { t } = useTranslation();
  if (!rows.length) return <NoData />;
  return (
    <table className="w-full text-sm" data-testid="vip-rows">
      <thead className="text-left text-xs text-white/60">
        <tr>
          <th className={th}>{t("vip.cols.no")}</th>
          <th className={`${th} text-right`}>{t("vip.cols.points")}</th>
          <th className={th}>{t("vip.cols.source")}</th>
          <th className={`${th} text-right`}>{t("vip.cols.time")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.no} className="border-t border-white/5" data-testid="vip-row">
            <td className={`${td} tabular-nums text-white/60`}>{r.no}</td>
            <td className={`${td} text-right font-semibold tabular-nums`}>
              {sign}
              {r.points}
            </td>
            <td className={td}>{r.source}</td>
            <td className={`${td} text-right text-xs tabular-nums`}>{r.time}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** VIP History: year, month, VIP level, experience acquired. */
export function HistoryTable({ rows }: { rows: HistoryRow[] }) {
  const { t } = useTranslation();
  if (!rows.length) return <NoData />;
  return (
    <table className="w-full text-sm" data-testid="vip-rows">
      <thead className="text-left text-xs text-white/60">
        <tr>
          <th className={th}>{t("vip.cols.year")}</th>
          <th className={th}>{t("vip.cols.month")}</th>
          <th className={th}>{t("vip.cols.level")}</th>
          <th className={`${th} text-right`}>{t("vip.cols.experience")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.year}-${r.month}`} className="border-t border-white/5" data-testid="vip-row">
            <td className={`${td} tabular-nums`}>{r.year}</td>
            <td className={`${td} tabular-nums`}>{String(r.month).padStart(2, "0")}</td>
            <td className={td}>{r.level}</td>
            <td className={`${td} text-right tabular-nums`}>{r.experience}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
