// /admin/players/:id/limits: the player's limits with what is used and left, the changes waiting for their
// confirmation, the full history of changes and the reality-check setting. Read-only: limits are the player's own.
import { translator } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { PlayerTabs } from "#app/components/admin/players/PlayerTabs.tsx";
import { takaText } from "#app/kernel/money.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { limitsForStaff } from "#app/modules/protection/index.server.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/limits";
import { playerId } from "./player-id.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.protection);
  const id = playerId(params);
  const found = await limitsForStaff(id);
  if (!found) throw data(null, { status: 404 });
  const { player, overview, changes, reality } = found;
  const t = translator(context);
  // A session limit is minutes, in the staff member's language; the others are money.
  const value = (kind: string, n: bigint | null) =>
    n === null ? null : kind === "session" ? t("protectionLimits.minutesValue", { minutes: String(n) }) : takaText(n);
  const set = overview.filter((l) => l.amount !== null);
  return {
    title: `${t("protectionLimits.admin.title")} · ${player.username}`,
    i18n: areaBundle(context, "protectionLimits"),
    role: staff.role,
    player,
    limits: set.map((l) => ({
      id: `${l.kind}_${l.period}`,
      amount: value(l.kind, l.amount),
      used: value(l.kind, l.used),
      remaining: value(l.kind, l.remaining),
    })),
    pending: set
      .filter((l) => l.pendingFrom)
      .map((l) => ({ id: `${l.kind}_${l.period}`, to: l.pendingRemoval ? null : value(l.kind, l.pendingAmount), from: formatDhaka(l.pendingFrom) })),
    changes: changes.map((c) => ({
      id: c.id,
      limit: `${c.kind}_${c.period}`,
      action: c.action,
      old: value(c.kind, c.oldAmount),
      new: value(c.kind, c.newAmount),
      staff: c.staffId !== null,
      at: formatDhaka(c.createdAt),
    })),
    reality,
  };
}

export default function AdminPlayerLimits({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const d = loaderData;
  const name = (id: string) => t(`protectionLimits.names.${id}` as "protectionLimits.names.deposit_day");
  const th = "px-2 py-1.5 text-left font-semibold text-white/70";
  const td = "px-2 py-1.5";
  return (
    <>
      <a href="/admin/players" className="mb-2 inline-block text-sm text-brand">
        ‹ {t("admin.playerTabs.profile")}
      </a>
      <PlayerTabs playerId={d.player.id} username={d.player.username} role={d.role} />
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-xl bg-panel p-4" data-testid="admin-limits">
          <h2 className="mb-2 font-semibold">{t("protectionLimits.admin.current")}</h2>
          {d.limits.length ? (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr>
                    <th className={th}>{t("protectionLimits.admin.colLimit")}</th>
                    <th className={th}>{t("protectionLimits.admin.colAmount")}</th>
                    <th className={th}>{t("protectionLimits.used")}</th>
                    <th className={th}>{t("protectionLimits.remaining")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-white/10">
                  {d.limits.map((l) => (
                    <tr key={l.id}>
                      <td className={td}>{name(l.id)}</td>
                      <td className={`${td} tabular-nums`}>{l.amount}</td>
                      <td className={`${td} tabular-nums`}>{l.used ?? "—"}</td>
                      <td className={`${td} tabular-nums`}>{l.remaining ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-sm text-white/60">{t("protectionLimits.admin.none")}</p>
          )}
        </section>
        <div className="flex flex-col gap-4">
          <section className="rounded-xl bg-panel p-4" data-testid="admin-limits-pending">
            <h2 className="mb-2 font-semibold">{t("protectionLimits.admin.pending")}</h2>
            {d.pending.length ? (
              <ul className="space-y-1 text-sm">
                {d.pending.map((p) => (
                  <li key={p.id}>
                    {name(p.id)}: {p.to ?? t("protectionLimits.admin.removal")} · {t("protectionLimits.admin.colFrom")} {p.from}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-white/60">{t("protectionLimits.admin.noPending")}</p>
            )}
          </section>
          <section className="rounded-xl bg-panel p-4" data-testid="admin-reality-check">
            <h2 className="mb-1 font-semibold">{t("protectionLimits.admin.reality")}</h2>
            <p className="text-sm">
              {d.reality > 0 ? t("protectionLimits.admin.realityEvery", { minutes: d.reality }) : t("protectionLimits.admin.realityOff")}
            </p>
          </section>
        </div>
      </div>
      <section className="mt-4 rounded-xl bg-panel p-4" data-testid="admin-limit-history">
        <h2 className="mb-2 font-semibold">{t("protectionLimits.admin.history")}</h2>
        {d.changes.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr>
                  <th className={th}>{t("protectionLimits.admin.colWhen")}</th>
                  <th className={th}>{t("protectionLimits.admin.colLimit")}</th>
                  <th className={th}>{t("protectionLimits.admin.colAction")}</th>
                  <th className={th}>{t("protectionLimits.admin.colOld")}</th>
                  <th className={th}>{t("protectionLimits.admin.colNew")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-white/10">
                {d.changes.map((c) => (
                  <tr key={c.id}>
                    <td className={`${td} whitespace-nowrap tabular-nums`}>{c.at}</td>
                    <td className={td}>{name(c.limit)}</td>
                    <td className={td}>
                      {t(`protectionLimits.admin.actions.${c.action}`)}
                      {c.staff ? ` (${t("protectionLimits.admin.byStaff")})` : ""}
                    </td>
                    <td className={`${td} tabular-nums`}>{c.old ?? "—"}</td>
                    <td className={`${td} tabular-nums`}>{c.new ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-white/60">{t("protectionLimits.admin.noHistory")}</p>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
