import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminCheckbox, AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { isDayKey } from "#app/kernel/dhaka-time.ts";
import { refusalErrors } from "#app/kernel/domain-error.ts";
import { takaInput } from "#app/kernel/money.ts";
import { getRace, isRaceError, listRaces, prizeTermsFor, saveRace, upcomingTerms } from "#app/modules/races/index.server.ts";
import { MAX_PRIZE_RANKS, periodStartOf, raceFormSchema, raceProductChoices, toRaceSettings } from "#app/modules/races/index.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import type { Route } from "./+types/races";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** "new" (or no id): the form creates a race; a race id: the form edits it. Anything else is a 404. */
function raceIdOf(param: string | undefined): number | null {
  if (param === undefined || param === "new") return null;
  const id = /^[1-9]\d{0,9}$/.test(param) ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new Response("Not found", { status: 404 });
  return id;
}

type RaceDefaults = {
  name?: string;
  nameBn?: string;
  period: string;
  products: string[];
  minStake: string;
  prizes?: string;
  wallet: string;
  turnoverMultiplier: string;
  active?: string;
};

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.races);
  const id = raceIdOf(params.id);
  const now = new Date();
  const list = await listRaces();
  let defaults: RaceDefaults = {
    period: "daily",
    products: ["house", "provider"],
    minStake: "10",
    wallet: "main",
    turnoverMultiplier: "0",
    active: "on",
  };
  let termsFrom: string | null = null;
  if (id !== null) {
    const race = await getRace(id);
    if (!race) throw new Response("Not found", { status: 404 });
    const current = periodStartOf(race.period, now);
    const terms = (await upcomingTerms(race.id, current)) ?? (await prizeTermsFor(race.id, current));
    termsFrom = terms && terms.fromPeriod > current ? terms.fromPeriod : null;
    defaults = {
      name: race.name,
      nameBn: race.nameBn,
      period: race.period,
      products: race.products,
      minStake: takaInput(race.minStake),
      prizes: (terms?.prizes ?? []).map((p) => takaInput(p)).join("\n"),
      wallet: terms?.wallet ?? "main",
      turnoverMultiplier: String(terms?.turnoverMultiplier ?? 0),
      active: race.active ? "on" : undefined,
    };
  }
  const notice = url.searchParams.get("notice");
  const from = url.searchParams.get("from");
  return {
    title: translate(context, "races.admin.title"),
    i18n: areaBundle(context, "races"),
    id,
    defaults,
    termsFrom,
    notice: notice === "saved" || notice === "unchanged" ? notice : null,
    savedFrom: from && isDayKey(from) ? from : null,
    races: list.map((r) => ({ id: r.id, name: r.name, period: r.period, products: r.products, active: r.active })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, pageRoles.races);
  const id = raceIdOf(params.id);
  const submission = parseWithZod(await request.formData(), { schema: raceFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const saved = await saveRace({ id: staff.id, ip: clientIp(request) }, id, toRaceSettings(submission.value));
    const q = new URLSearchParams({ notice: saved.changed ? "saved" : "unchanged", ...(saved.termsFrom ? { from: saved.termsFrom } : {}) });
    return redirect(`/admin/races/${saved.id}?${q}`);
  } catch (e) {
    if (!isRaceError(e)) throw e;
    if (e.code === "not_found") throw new Response("Not found", { status: 404 });
    return data({ result: submission.reply(refusalErrors(e, ["period"])) }, { status: 400 });
  }
}

export default function AdminRaces({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const d = loaderData;
  const path = `/admin/races/${d.id ?? "new"}`;
  const [form, fields] = useForm({
    id: `race-${d.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: d.defaults,
    constraint: getZodConstraint(raceFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: raceFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const productLabel = {
    house: t("races.admin.productHouse"),
    provider: t("races.admin.productProvider"),
    exchange: t("races.admin.productExchange"),
  };
  return (
    <>
      <h1 className="mb-3 text-xl font-bold">{t("races.admin.title")}</h1>
      {d.notice && !actionData ? (
        <Notice>
          {t(d.notice === "saved" ? "races.admin.saved" : "races.admin.unchanged")}{" "}
          {d.savedFrom ? t("races.admin.termsFrom", { from: d.savedFrom }) : null}
        </Notice>
      ) : null}
      <section className="mb-4 overflow-x-auto rounded-xl bg-panel p-3" data-testid="races-list">
        <h2 className="mb-2 font-bold">{t("races.admin.list")}</h2>
        {d.races.length === 0 ? (
          <p className="text-sm text-white/60">{t("races.admin.none")}</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-white/60">
                <th className="p-1">{t("races.admin.columns.name")}</th>
                <th className="p-1">{t("races.admin.columns.period")}</th>
                <th className="p-1">{t("races.admin.columns.products")}</th>
                <th className="p-1">{t("races.admin.columns.status")}</th>
                <th className="p-1" />
              </tr>
            </thead>
            <tbody>
              {d.races.map((r) => (
                <tr key={r.id} className="border-t border-white/10">
                  <td className="p-1">{r.name}</td>
                  <td className="p-1">{t(`races.period.${r.period}`)}</td>
                  <td className="p-1">{r.products.map((p) => productLabel[p]).join(", ")}</td>
                  <td className="p-1">{t(r.active ? "races.admin.status.on" : "races.admin.status.off")}</td>
                  <td className="p-1">
                    <Link to={`/admin/races/${r.id}`}>{t("races.admin.columns.edit")}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Link to="/admin/races/new" className="mt-2 inline-block text-sm" data-testid="race-new-link">
          + {t("races.admin.new")}
        </Link>
      </section>

      <h2 className="mb-2 text-lg font-bold">{t(d.id ? "races.admin.edit" : "races.admin.new")}</h2>
      <Form method="post" action={path} {...getFormProps(form)} className="grid gap-4 lg:grid-cols-2" data-testid="race-form">
        <AdminErrorList errors={form.errors} id={form.errorId} className="form-error lg:col-span-2" />
        <fieldset className="rounded-xl bg-panel p-4">
          <AdminField
            label={t("races.admin.name")}
            inputProps={getInputProps(fields.name, { type: "text" })}
            errors={fields.name.errors}
            errorId={fields.name.errorId}
          />
          <AdminField
            label={t("races.admin.nameBn")}
            inputProps={{ ...getInputProps(fields.nameBn, { type: "text" }), lang: "bn" }}
            errors={fields.nameBn.errors}
            errorId={fields.nameBn.errorId}
          />
          <div className="field">
            <label htmlFor={fields.period.id}>{t("races.admin.period")}</label>
            <select {...getSelectProps(fields.period)} key={fields.period.key}>
              <option value="daily">{t("races.admin.periodDaily")}</option>
              <option value="weekly">{t("races.admin.periodWeekly")}</option>
            </select>
            {d.id ? <div className="mt-1 text-xs text-white/60">{t("races.admin.periodFixed")}</div> : null}
            <AdminErrorList errors={fields.period.errors} id={fields.period.errorId} />
          </div>
          <fieldset className="field" data-testid="race-products">
            <legend className="mb-1 text-sm">{t("races.admin.products")}</legend>
            <div className="flex flex-col gap-2">
              {getCollectionProps(fields.products, { type: "checkbox", options: [...raceProductChoices] }).map(({ key, ...props }) => (
                <AdminCheckbox key={key} label={productLabel[props.value as (typeof raceProductChoices)[number]]} inputProps={props} />
              ))}
            </div>
            <AdminErrorList errors={fields.products.errors} id={fields.products.errorId} />
          </fieldset>
          <AdminField
            label={t("races.admin.minStake")}
            inputProps={{ ...getInputProps(fields.minStake, { type: "text" }), inputMode: "decimal", className: "!w-40" }}
            errors={fields.minStake.errors}
            errorId={fields.minStake.errorId}
          />
          <AdminCheckbox label={t("races.admin.active")} inputProps={getInputProps(fields.active, { type: "checkbox" })} />
        </fieldset>
        <fieldset className="rounded-xl bg-panel p-4">
          <div className="field">
            <label htmlFor={fields.prizes.id}>{t("races.admin.prizes", { max: MAX_PRIZE_RANKS })}</label>
            <textarea {...getTextareaProps(fields.prizes)} key={fields.prizes.key} rows={8} inputMode="decimal" />
            <div className="mt-1 text-xs text-white/60">{t("races.admin.termsRule")}</div>
            {d.termsFrom ? <div className="mt-1 text-xs text-amber-300">{t("races.admin.termsFrom", { from: d.termsFrom })}</div> : null}
            <AdminErrorList errors={fields.prizes.errors} id={fields.prizes.errorId} />
          </div>
          <div className="field">
            <label htmlFor={fields.wallet.id}>{t("races.admin.wallet")}</label>
            <select {...getSelectProps(fields.wallet)} key={fields.wallet.key}>
              <option value="main">{t("races.admin.walletMain")}</option>
              <option value="bonus">{t("races.admin.walletBonus")}</option>
            </select>
            <AdminErrorList errors={fields.wallet.errors} id={fields.wallet.errorId} />
          </div>
          <AdminField
            label={t("races.admin.multiplier")}
            inputProps={{ ...getInputProps(fields.turnoverMultiplier, { type: "text" }), inputMode: "numeric", className: "!w-24" }}
            errors={fields.turnoverMultiplier.errors}
            errorId={fields.turnoverMultiplier.errorId}
          />
        </fieldset>
        <div className="lg:col-span-2">
          <SubmitButton label={t("races.admin.save")} pendingLabel={t("races.admin.saving")} action={path} className="btn-primary" />
        </div>
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
