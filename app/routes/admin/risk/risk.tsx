import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, Notice } from "#app/components/admin/AdminField.tsx";
import { type RiskActionData, SignalList } from "#app/components/admin/risk/SignalList.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { type AmlSignalKind, signalView, getRiskSettings, toThresholds, updateRiskSettings, listSignals } from "#app/modules/risk/index.server.ts";
import { type SignalStatus, signalKinds, signalStatuses, riskSettingsSchema } from "#app/modules/risk/index.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { fieldErrors, refuse, signalAction } from "./actions.server.ts";
import { readRiskQuery } from "./filter.server.ts";
import { FilterInput, FilterRefused, FilterSelect as DateSelect } from "#app/components/admin/ListFilter.tsx";
import type { Route } from "./+types/risk";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/risk";
const notices = ["dismissed", "escalated", "settings", "unchanged"] as const;
const settingFields = [
  "lowPlayRatio",
  "cyclingCount",
  "cyclingWindowHours",
  "splitThreshold",
  "splitCount",
  "lossThreshold",
  "lossWindowHours",
  "sharedIpAccounts",
] as const;

/** The page's filters from its query: unknown values mean "all" (status: "open" when absent). */
function filters(url: URL) {
  const kind = url.searchParams.get("kind");
  const status = url.searchParams.get("status") ?? "open";
  const page = Number(url.searchParams.get("page"));
  return {
    kind: (signalKinds as readonly string[]).includes(kind ?? "") ? (kind as AmlSignalKind) : undefined,
    status: (signalStatuses as readonly string[]).includes(status) ? (status as SignalStatus) : undefined,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

const query = (f: { kind?: string; status?: string; page?: number; dates?: Record<string, string> }) => {
  const q = new URLSearchParams();
  if (f.kind) q.set("kind", f.kind);
  q.set("status", f.status ?? "all");
  for (const [name, value] of Object.entries(f.dates ?? {})) if (value) q.set(name, value);
  if (f.page && f.page > 1) q.set("page", String(f.page));
  return `?${q}`;
};

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.risk);
  const t = translator(context);
  // The Dhaka date range (refused with a message and a 400 when a day does not read), kept in every link.
  const dated = readRiskQuery(url);
  const dates = { range: dated.values.range!, from: dated.values.from!, to: dated.values.to! };
  const f = { ...filters(url), dates };
  const [{ items, hasMore }, settings] = await Promise.all([
    dated.filter ? listSignals({ ...f, start: dated.filter.start, end: dated.filter.end }) : { items: [], hasMore: false },
    getRiskSettings(),
  ]);
  const notice = url.searchParams.get("notice");
  return data(
    {
      title: t("risk.title"),
      i18n: areaBundle(context, "risk"),
      isAdmin: staff.role === "admin",
      notice: (notices as readonly string[]).includes(notice ?? "") ? (notice as (typeof notices)[number]) : null,
      filter: { kind: f.kind ?? "", status: f.status ?? "all", page: f.page },
      self: `${BASE}${query(f)}`,
      newer: f.page > 1 ? `${BASE}${query({ ...f, page: f.page - 1 })}` : null,
      older: hasMore ? `${BASE}${query({ ...f, page: f.page + 1 })}` : null,
      signals: items.map((s) => signalView(t, s)),
      exportsI18n: areaBundle(context, "adminExports"),
      dates,
      dateErrors: dated.errors,
      exportHref: dated.filter ? `${BASE}/export${query(f).replace(/&?page=\d+/, "")}` : null,
      settings: {
        lowPlayRatio: (settings.lowPlayRatioHundredths / 100).toFixed(2),
        cyclingCount: String(settings.cyclingCount),
        cyclingWindowHours: String(settings.cyclingWindowHours),
        splitThreshold: formatPoisha(settings.splitThreshold),
        splitCount: String(settings.splitCount),
        lossThreshold: formatPoisha(settings.lossThreshold),
        lossWindowHours: String(settings.lossWindowHours),
        sharedIpAccounts: String(settings.sharedIpAccounts),
      },
    },
    { status: dated.filter ? 200 : 400 },
  );
}

export async function action({ request, url }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, pageRoles.risk);
  const actor = { staffId: staff.id, ip: clientIp(request) };
  const formData = await request.formData();
  const back = `${BASE}${query(filters(url))}`;
  if (formData.get("intent") !== "settings") return signalAction(formData, actor, back);
  const values = Object.fromEntries(settingFields.map((k) => [k, String(formData.get(k) ?? "").slice(0, 40)]));
  if (staff.role !== "admin") return refuse("settings", { "": ["risk.errors.adminOnly"] }, values, 403);
  const submission = parseWithZod(formData, { schema: riskSettingsSchema });
  if (submission.status !== "success") return refuse("settings", fieldErrors(submission.reply().error), values);
  const { changed } = await updateRiskSettings({ id: staff.id, ip: actor.ip }, toThresholds(submission.value));
  return redirect(`${BASE}?notice=${changed ? "settings" : "unchanged"}#settings`);
}

function SettingsForm({ values, answer }: { values: Record<(typeof settingFields)[number], string>; answer?: RiskActionData }) {
  const { t } = useTranslation();
  const mine = answer?.form === "settings" ? answer : undefined;
  return (
    <section id="settings" className="mt-6 rounded-xl bg-panel p-4">
      <h2 className="mb-1 font-bold">{t("risk.settings.title")}</h2>
      <p className="mb-1 text-xs text-white/60">{t("risk.settings.hint")}</p>
      <p className="mb-3 text-xs text-white/60">{t("risk.settings.addressNote")}</p>
      <Form method="post" action={BASE} className="grid gap-x-4 sm:grid-cols-2" data-testid="risk-settings-form">
        <input type="hidden" name="intent" value="settings" />
        {settingFields.map((name) => {
          const errors = mine?.errors[name];
          const id = `risk-${name}`;
          return (
            <div key={name} className="field">
              <label htmlFor={id}>{t(`risk.settings.${name}`)}</label>
              <input
                id={id}
                name={name}
                inputMode="decimal"
                defaultValue={mine?.values[name] ?? values[name]}
                aria-invalid={errors?.length ? true : undefined}
                aria-describedby={errors?.length ? `${id}-error` : undefined}
              />
              <AdminErrorList errors={errors} id={`${id}-error`} />
            </div>
          );
        })}
        <AdminErrorList errors={mine?.errors[""]} className="form-error col-span-full" />
        <div className="col-span-full">
          <SubmitButton
            label={t("risk.settings.save")}
            pendingLabel={t("risk.settings.saving")}
            action={BASE}
            className="btn-primary w-full sm:w-auto"
          />
        </div>
      </Form>
    </section>
  );
}

/** One labelled select of the signal filter (a GET form, so it works without JavaScript). */
function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs text-white/70">
      {label}
      <select name={name} defaultValue={value} className="rounded-md border border-white/20 bg-black/20 px-2 py-1.5 text-sm text-white">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function AdminRisk({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.i18n, loaderData.exportsI18n]);
  const { t } = useTranslation();
  const answer = actionData as RiskActionData | undefined;
  return (
    <>
      <h1 className="mb-1 text-xl font-bold">{t("risk.title")}</h1>
      <p className="mb-3 text-sm text-white/60">{t("risk.intro")}</p>
      {loaderData.notice && !actionData ? <Notice>{t(`risk.notices.${loaderData.notice}`)}</Notice> : null}
      <Form method="get" action={BASE} className="mb-3 flex flex-wrap items-end gap-2 text-sm" data-testid="signal-filter">
        <FilterSelect
          label={t("risk.filter.kind")}
          name="kind"
          value={loaderData.filter.kind}
          options={[{ value: "", label: t("risk.filter.all") }, ...signalKinds.map((k) => ({ value: k, label: t(`risk.kinds.${k}`) }))]}
        />
        <FilterSelect
          label={t("risk.filter.status")}
          name="status"
          value={loaderData.filter.status}
          options={[{ value: "all", label: t("risk.filter.all") }, ...signalStatuses.map((s) => ({ value: s, label: t(`risk.statuses.${s}`) }))]}
        />
        <DateSelect
          name="range"
          label={t("adminExports.filter.range")}
          values={loaderData.dates}
          errors={loaderData.dateErrors}
          idPrefix="risk"
          options={[
            ["", t("adminExports.filter.ranges.any")],
            ...(["today", "yesterday", "last7", "last30"] as const).map((r) => [r, t(`adminExports.filter.ranges.${r}`)] as const),
          ]}
        />
        <FilterInput
          name="from"
          type="date"
          label={t("adminExports.filter.from")}
          values={loaderData.dates}
          errors={loaderData.dateErrors}
          idPrefix="risk"
        />
        <FilterInput
          name="to"
          type="date"
          label={t("adminExports.filter.to")}
          values={loaderData.dates}
          errors={loaderData.dateErrors}
          idPrefix="risk"
        />
        <button type="submit" className="btn-secondary !px-3 !py-1.5 text-sm">
          {t("risk.filter.apply")}
        </button>
        {loaderData.exportHref ? (
          <a href={loaderData.exportHref} className="btn-secondary !px-3 !py-1.5 text-sm" download data-testid="export-csv">
            {t("adminExports.filter.export")}
          </a>
        ) : null}
      </Form>
      <FilterRefused errors={loaderData.dateErrors} />
      <SignalList signals={loaderData.signals} action={loaderData.self} answer={answer} />
      <nav className="mt-3 flex justify-between text-sm">
        {loaderData.newer ? (
          <a href={loaderData.newer} className="text-brand">
            {t("risk.newer")}
          </a>
        ) : (
          <span />
        )}
        {loaderData.older ? (
          <a href={loaderData.older} className="text-brand">
            {t("risk.older")}
          </a>
        ) : (
          <span />
        )}
      </nav>
      {loaderData.isAdmin ? <SettingsForm values={loaderData.settings} answer={answer} /> : null}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
