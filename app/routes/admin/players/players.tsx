import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList } from "#app/components/admin/AdminField.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { playerSearchSchema, searchPlayers } from "#app/modules/profile/index.server.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/players";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** /admin/players?q=...: players by username, phone or e-mail (roles support and admin). */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.players);
  const base = { title: translate(context, "profile.admin.title"), i18n: areaBundle(context, "profile") };
  const raw = url.searchParams.get("q");
  if (raw === null) return { ...base, q: "", error: null, rows: null };
  const parsed = playerSearchSchema.safeParse({ q: raw });
  if (!parsed.success) return data({ ...base, q: raw.slice(0, 100), error: parsed.error.issues[0]!.message, rows: null }, { status: 400 });
  const rows = await searchPlayers(parsed.data.q);
  return {
    ...base,
    q: parsed.data.q,
    error: null,
    rows: rows.map((r) => ({ ...r, createdAt: formatDhaka(r.createdAt, "YYYY-MM-DD") })),
  };
}

export default function AdminPlayers({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { rows } = loaderData;
  return (
    <>
      <h1 className="mb-3 text-xl font-bold">{t("profile.admin.title")}</h1>
      <Form method="get" action="/admin/players" className="mb-4 flex flex-wrap items-end gap-2 rounded-xl bg-panel p-4" role="search">
        <div className="field !mb-0 min-w-0 flex-1">
          <label htmlFor="player-q">{t("profile.admin.searchLabel")}</label>
          <input
            id="player-q"
            name="q"
            defaultValue={loaderData.q}
            minLength={3}
            maxLength={100}
            required
            aria-invalid={loaderData.error ? true : undefined}
          />
        </div>
        <button type="submit" className="btn-primary">
          {t("profile.admin.search")}
        </button>
        <div className="basis-full">
          <AdminErrorList errors={loaderData.error ? [loaderData.error] : null} />
        </div>
      </Form>
      {rows === null ? null : rows.length === 0 ? (
        <p className="text-white/60">{t("profile.admin.noResults")}</p>
      ) : (
        <ul className="divide-y divide-white/10 rounded-xl bg-panel" data-testid="player-results">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
              <a href={`/admin/players/${r.id}`} className="font-semibold text-brand">
                {r.username}
              </a>
              <span>{r.name}</span>
              <span className="tabular-nums">{r.phone}</span>
              <span className="break-all text-white/70">{r.email}</span>
              <span className="text-white/50">{r.createdAt}</span>
              {r.status === "active" ? null : <span className="text-red-300">{r.status}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
