import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList } from "#app/components/admin/AdminField.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { takaText } from "#app/kernel/money.ts";
import { listPlayers } from "#app/modules/profile/index.server.ts";
import {
  activityWindows,
  playerListFields,
  playerListInput,
  playerListSchema,
  playerSorts,
  type PlayerListField,
} from "#app/modules/profile/index.ts";
import { jurisdictionCodes, countryOfPlayer } from "#app/modules/settings/index.ts";
import { listTagsInUse, requireStaff } from "#app/modules/staff/index.server.ts";
import { listLevels } from "#app/modules/vip/index.server.ts";
import { mayOpen, pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhakaDateTime, formatDhakaDate } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/players";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/**
 * /admin/players: every player, filtered (status, VIP level, registration days, activity, main balance, jurisdiction,
 * open risk signal, tag), sorted and paged, by one GET form that works without JavaScript. A bad value is a message
 * beside its field (status 400) and the list is not shown.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.players);
  const input = playerListInput(url.searchParams);
  const [levels, tags] = await Promise.all([listLevels(), listTagsInUse()]);
  const base = {
    title: translate(context, "profile.admin.title"),
    i18n: [areaBundle(context, "profile"), areaBundle(context, "adminPlayers")],
    input,
    levels: levels.map((l) => ({ id: l.id, name: l.name })),
    tags,
    mayExport: mayOpen(staff.role, "playerListExport"),
  };
  const parsed = playerListSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<PlayerListField, string[]>> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0]) as PlayerListField] ??= []).push(issue.message);
    return data({ ...base, errors, list: null }, { status: 400 });
  }
  const list = await listPlayers(parsed.data);
  return {
    ...base,
    errors: {} as Partial<Record<PlayerListField, string[]>>,
    list: {
      total: list.total,
      page: list.page,
      pages: list.pages,
      rows: list.rows.map((r) => ({
        id: r.id,
        username: r.username,
        name: r.name,
        phone: r.phone,
        status: r.status,
        vip: r.vipLevel,
        balance: takaText(r.balance),
        country: countryOfPlayer(r) ?? "—",
        registered: formatDhakaDate(r.createdAt),
        lastActive: r.lastLoginAt ? formatDhakaDateTime(r.lastLoginAt) : "—",
        openSignal: r.openSignal,
      })),
    },
  };
}

function queryWith(input: Record<string, string>, changes: Record<string, string>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...input, ...changes })) if (v) params.set(k, v);
  return params.toString();
}

export default function AdminPlayers({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { input, errors, list } = loaderData;
  const field = (name: PlayerListField, label: string, control: React.ReactNode) => (
    <div className={`field !mb-0 min-w-0 ${name === "q" ? "col-span-2 lg:col-span-1" : ""}`} data-testid={`filter-${name}`}>
      <label htmlFor={`pl-${name}`}>{label}</label>
      {control}
      <AdminErrorList errors={errors[name] ?? null} id={`pl-${name}-error`} />
    </div>
  );
  const invalid = (name: PlayerListField) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `pl-${name}-error` } : {});
  const select = (name: PlayerListField, options: [string, string][], withAny = true) => (
    <select id={`pl-${name}`} name={name} defaultValue={input[name]} {...invalid(name)}>
      {withAny ? <option value="">{t("adminPlayers.list.any")}</option> : null}
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
  const text = (name: PlayerListField, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input id={`pl-${name}`} name={name} defaultValue={input[name]} maxLength={100} {...props} {...invalid(name)} />
  );
  const windows = activityWindows.map(
    (d) => [d, d === "1" ? t("adminPlayers.list.day") : t("adminPlayers.list.days", { count: Number(d) })] as [string, string],
  );
  const exportQuery = queryWith(
    Object.fromEntries(playerListFields.filter((f) => f !== "page" && f !== "sort" && f !== "dir").map((f) => [f, input[f]])),
    {},
  );
  return (
    <>
      <h1 className="mb-3 text-xl font-bold">{t("profile.admin.title")}</h1>
      <Form method="get" action="/admin/players" className="mb-4 rounded-xl bg-panel p-4" role="search" data-testid="player-filters">
        <div className="grid grid-cols-2 gap-x-3 gap-y-2 lg:grid-cols-4">
          {field("q", t("adminPlayers.list.search"), text("q", { type: "search" }))}
          {field(
            "status",
            t("adminPlayers.list.status"),
            select("status", [
              ["active", t("adminPlayers.list.active")],
              ["blocked", t("adminPlayers.list.blocked")],
            ]),
          )}
          {field(
            "vip",
            t("adminPlayers.list.vip"),
            select(
              "vip",
              loaderData.levels.map((l) => [String(l.id), l.name]),
            ),
          )}
          {field(
            "country",
            t("adminPlayers.list.country"),
            select(
              "country",
              jurisdictionCodes.map((c) => [c, c]),
            ),
          )}
          {field("from", t("adminPlayers.list.registeredFrom"), text("from", { type: "date" }))}
          {field("to", t("adminPlayers.list.registeredTo"), text("to", { type: "date" }))}
          {field("active", t("adminPlayers.list.activeWithin"), select("active", windows))}
          {field("idle", t("adminPlayers.list.idleFor"), select("idle", windows))}
          {field("min", t("adminPlayers.list.minBalance"), text("min", { inputMode: "decimal" }))}
          {field("max", t("adminPlayers.list.maxBalance"), text("max", { inputMode: "decimal" }))}
          {field("risk", t("adminPlayers.list.risk"), select("risk", [["open", t("adminPlayers.list.openSignal")]]))}
          {field(
            "tag",
            t("adminPlayers.list.tag"),
            select(
              "tag",
              (input.tag && !loaderData.tags.includes(input.tag) ? [input.tag, ...loaderData.tags] : loaderData.tags).map((tag) => [tag, tag]),
            ),
          )}
          {field(
            "sort",
            t("adminPlayers.list.sort"),
            select(
              "sort",
              playerSorts.map((s) => [s, t(`adminPlayers.list.sorts.${s}`)]),
              false,
            ),
          )}
          {field(
            "dir",
            t("adminPlayers.list.dir"),
            select(
              "dir",
              [
                ["desc", t("adminPlayers.list.desc")],
                ["asc", t("adminPlayers.list.asc")],
              ],
              false,
            ),
          )}
        </div>
        <AdminErrorList errors={errors.page ?? null} />
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" data-testid="player-filters-apply">
            {t("adminPlayers.list.apply")}
          </button>
          <a href="/admin/players" className="btn-secondary">
            {t("adminPlayers.list.reset")}
          </a>
          {loaderData.mayExport && list ? (
            <a href={`/admin/players/export?${exportQuery}`} className="btn-secondary ml-auto" data-testid="player-export" download>
              {t("adminPlayers.list.export")}
            </a>
          ) : null}
        </div>
      </Form>
      {list === null ? null : (
        <>
          <p className="mb-2 text-sm text-white/60" data-testid="player-total">
            {t("adminPlayers.list.total", { count: list.total })}
          </p>
          {list.rows.length === 0 ? (
            <p className="text-white/60">{t("adminPlayers.list.none")}</p>
          ) : (
            <div className="overflow-x-auto rounded-xl bg-panel">
              <table className="w-full text-left text-sm" data-testid="player-results">
                <thead className="text-xs text-white/60">
                  <tr>
                    <th className="p-2">{t("adminPlayers.list.columns.username")}</th>
                    <th className="p-2">{t("adminPlayers.list.columns.phone")}</th>
                    <th className="p-2">{t("adminPlayers.list.columns.status")}</th>
                    <th className="p-2">{t("adminPlayers.list.columns.vip")}</th>
                    <th className="p-2 text-right">{t("adminPlayers.list.columns.balance")}</th>
                    <th className="p-2">{t("adminPlayers.list.columns.country")}</th>
                    <th className="p-2">{t("adminPlayers.list.columns.registered")}</th>
                    <th className="p-2">{t("adminPlayers.list.columns.lastActive")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-white/10">
                  {list.rows.map((r) => (
                    <tr key={r.id} data-testid="player-row">
                      <td className="p-2">
                        <a href={`/admin/players/${r.id}`} className="font-semibold text-brand">
                          {r.username}
                        </a>
                        {r.openSignal ? <span className="ml-1 text-xs text-red-300">⚑</span> : null}
                        <div className="text-xs text-white/50">{r.name}</div>
                      </td>
                      <td className="p-2 tabular-nums">{r.phone}</td>
                      <td className={`p-2 ${r.status === "active" ? "" : "text-red-300"}`}>
                        {r.status === "active" ? t("adminPlayers.list.active") : t("adminPlayers.list.blocked")}
                      </td>
                      <td className="p-2">{r.vip ?? "—"}</td>
                      <td className="p-2 text-right tabular-nums">{r.balance}</td>
                      <td className="p-2">{r.country}</td>
                      <td className="p-2 tabular-nums">{r.registered}</td>
                      <td className="p-2 tabular-nums">{r.lastActive}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {list.pages > 1 ? (
            <nav className="mt-3 flex items-center gap-3 text-sm" data-testid="player-pages">
              {list.page > 1 ? (
                <a href={`/admin/players?${queryWith(input, { page: String(list.page - 1) })}`}>‹ {t("adminPlayers.list.previous")}</a>
              ) : null}
              <span>{t("adminPlayers.list.page", { page: list.page, pages: list.pages })}</span>
              {list.page < list.pages ? (
                <a href={`/admin/players?${queryWith(input, { page: String(list.page + 1) })}`}>{t("adminPlayers.list.next")} ›</a>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
