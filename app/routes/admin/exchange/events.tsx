import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminCheckbox, AdminErrorList, AdminField } from "#app/components/admin/AdminField.tsx";
import { createEventSchema } from "#app/components/admin/exchange/schemas.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { createTraderEvent, traderEvents } from "#app/modules/exchange/trader.server.ts";
import { formatDhaka } from "#app/utils/time.ts";
import { requireTrader } from "./exchange-admin.server.ts";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTrader(request);
  const events = await traderEvents();
  return {
    title: translate(context, "adminExchange.eventsTitle"),
    i18n: areaBundle(context, "adminExchange"),
    events: events.map((e) => ({
      id: e.id,
      name: e.name,
      competition: e.competition,
      sport: e.sport,
      startsAt: formatDhaka(e.startsAt, "YYYY-MM-DD HH:mm"),
      state: e.closed ? ("closed" as const) : e.inPlay ? ("inPlay" as const) : ("open" as const),
      matched: e.matched,
      bets: e.bets,
      held: e.held,
      makerHeld: e.makerHeld,
      feed: e.externalId?.startsWith("trader-") ? null : e.externalId,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const trader = await requireTrader(request);
  const submission = parseWithZod(await request.formData(), { schema: createEventSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const startsAt = new Date(`${v.startsAt.replace(" ", "T")}:00+06:00`);
  if (Number.isNaN(startsAt.getTime())) {
    return data({ result: submission.reply({ fieldErrors: { startsAt: ["adminExchange.errors.date"] } }) }, { status: 400 });
  }
  const eventId = await createTraderEvent(trader, {
    sport: v.sport,
    competition: v.competition,
    name: v.name,
    startsAt,
    runners: v.runners,
    bookmaker: v.bookmaker === "on",
  });
  return redirect(`/admin/exchange/${eventId}?done=created`);
}

export default function AdminExchangeEvents({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "create-event",
    lastResult: actionData?.result,
    constraint: getZodConstraint(createEventSchema),
    defaultValue: { sport: "cricket" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createEventSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main className="mx-auto max-w-6xl p-3" data-testid="admin-exchange">
      <h1 className="mb-3 text-xl font-bold">{t("adminExchange.eventsTitle")}</h1>
      <div className="mb-4 overflow-x-auto rounded-xl bg-panel">
        <table className="w-full text-left text-sm">
          <thead className="bg-panel-2 text-xs text-white/70">
            <tr>
              <th className="px-2 py-2">{t("adminExchange.columns.event")}</th>
              <th className="px-2 py-2">{t("adminExchange.columns.sport")}</th>
              <th className="px-2 py-2">{t("adminExchange.columns.starts")}</th>
              <th className="px-2 py-2">{t("adminExchange.columns.state")}</th>
              <th className="px-2 py-2 text-right">{t("adminExchange.columns.matched")}</th>
              <th className="px-2 py-2 text-right">{t("adminExchange.columns.held")}</th>
              <th className="px-2 py-2 text-right">{t("adminExchange.columns.makerHeld")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.events.length === 0 ? (
              <tr>
                <td colSpan={7} className="p-4 text-center text-white/60">
                  {t("adminExchange.noEvents")}
                </td>
              </tr>
            ) : (
              loaderData.events.map((e) => (
                <tr key={e.id} className="border-t border-white/10" data-testid="admin-exchange-event">
                  <td className="px-2 py-1.5">
                    <a href={`/admin/exchange/${e.id}`} className="font-semibold underline">
                      {e.name}
                    </a>
                    <small className="block text-white/50">
                      {e.competition}
                      {e.feed ? ` · ${e.feed}` : ""}
                    </small>
                  </td>
                  <td className="px-2 py-1.5 capitalize">{e.sport}</td>
                  <td className="px-2 py-1.5 tabular-nums">{e.startsAt}</td>
                  <td className="px-2 py-1.5">{t(`adminExchange.state.${e.state}`)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums" data-testid="event-matched">
                    {e.matched}
                    <small className="block text-white/50">{t("adminExchange.bets", { count: e.bets })}</small>
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums" data-testid="event-held">
                    {e.held}
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{e.makerHeld}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <section className="max-w-xl rounded-xl bg-panel p-3" aria-labelledby="create-event-title">
        <h2 id="create-event-title" className="mb-2 font-bold">
          {t("adminExchange.create.title")}
        </h2>
        <Form method="post" {...getFormProps(form)} autoComplete="off">
          <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
          <div className="field">
            <label htmlFor={fields.sport.id}>{t("adminExchange.create.sport")}</label>
            <select {...getSelectProps(fields.sport)} key={fields.sport.key}>
              {(["cricket", "soccer", "tennis"] as const).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <AdminField
            label={t("adminExchange.create.competition")}
            inputProps={getInputProps(fields.competition, { type: "text" })}
            errors={fields.competition.errors}
            errorId={fields.competition.errorId}
          />
          <AdminField
            label={t("adminExchange.create.name")}
            inputProps={getInputProps(fields.name, { type: "text" })}
            errors={fields.name.errors}
            errorId={fields.name.errorId}
          />
          <AdminField
            label={t("adminExchange.create.startsAt")}
            inputProps={getInputProps(fields.startsAt, { type: "datetime-local" })}
            errors={fields.startsAt.errors}
            errorId={fields.startsAt.errorId}
          />
          <div className="field">
            <label htmlFor={fields.runners.id}>{t("adminExchange.create.runners")}</label>
            <textarea {...getTextareaProps(fields.runners)} key={fields.runners.key} rows={3} />
            <AdminErrorList errors={fields.runners.errors} id={fields.runners.errorId} />
          </div>
          <div className="mb-3">
            <AdminCheckbox label={t("adminExchange.create.bookmaker")} inputProps={getInputProps(fields.bookmaker, { type: "checkbox" })} />
          </div>
          <SubmitButton label={t("adminExchange.create.submit")} pendingLabel={t("adminExchange.create.submit")} />
        </Form>
      </section>
    </main>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
