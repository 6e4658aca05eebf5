import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminCheckbox, AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { createEventSchema, streamHostsSchema } from "#app/components/admin/exchange/schemas.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { createTraderEvent, traderEvents } from "#app/modules/exchange/index.server.ts";
import { parseDhakaDateTime, formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { currentStreamHosts, updateStreamHosts } from "#app/modules/settings/index.server.ts";
import { MAX_STREAM_HOSTS, parseStreamHosts } from "#app/modules/settings/index.ts";
import { requireSettingsEditor, requireTrader } from "./exchange-admin.server.ts";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const trader = await requireTrader(request);
  const events = await traderEvents();
  return {
    streamHosts: await currentStreamHosts(),
    mayEditHosts: trader.mayEditSettings,
    hostsSaved: url.searchParams.get("done") === "hosts",
    title: translate(context, "adminExchange.eventsTitle"),
    i18n: areaBundle(context, "adminExchange"),
    events: events.map((e) => ({
      id: e.id,
      name: e.name,
      competition: e.competition,
      sport: e.sport,
      startsAt: formatDhakaDateTime(e.startsAt),
      state: e.closed ? ("closed" as const) : e.inPlay ? ("inPlay" as const) : ("open" as const),
      matched: e.matched,
      bets: e.bets,
      held: e.held,
      makerHeld: e.makerHeld,
      feed: e.externalId?.startsWith("trader-") ? null : e.externalId,
    })),
  };
}

async function saveStreamHosts(request: Request, formData: FormData) {
  const actor = await requireSettingsEditor(request);
  const submission = parseWithZod(formData, { schema: streamHostsSchema });
  if (submission.status !== "success") return data({ hostsResult: submission.reply() }, { status: 400 });
  const hosts = parseStreamHosts(submission.value.hosts ?? "");
  if (!hosts) return data({ hostsResult: submission.reply({ fieldErrors: { hosts: ["adminExchange.errors.hosts"] } }) }, { status: 400 });
  if (hosts.length > MAX_STREAM_HOSTS) {
    return data({ hostsResult: submission.reply({ fieldErrors: { hosts: ["adminExchange.errors.tooManyHosts"] } }) }, { status: 400 });
  }
  await updateStreamHosts(actor, hosts);
  return redirect("/admin/exchange?done=hosts");
}

export async function action({ request }: Route.ActionArgs) {
  const trader = await requireTrader(request);
  const formData = await request.formData();
  if (formData.get("intent") === "streamHosts") return saveStreamHosts(request, formData);
  const submission = parseWithZod(formData, { schema: createEventSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const startsAt = parseDhakaDateTime(v.startsAt);
  if (!startsAt) {
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

/** The live-stream hosts staff may frame on the market page (one per line); read-only for traders. */
function StreamHosts({ hosts, editable, saved, errors }: { hosts: string[]; editable: boolean; saved: boolean; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="mb-4 max-w-xl rounded-xl bg-panel p-3" aria-labelledby="stream-hosts-title" data-testid="stream-hosts">
      <h2 id="stream-hosts-title" className="mb-1 font-bold">
        {t("adminExchange.streamHosts.title")}
      </h2>
      {saved ? <Notice>{t("adminExchange.streamHosts.saved")}</Notice> : null}
      <p className="mb-2 text-xs text-white/60">{t("adminExchange.streamHosts.hint")}</p>
      {editable ? (
        <Form method="post">
          <input type="hidden" name="intent" value="streamHosts" />
          <div className="field">
            <label htmlFor="stream-hosts">{t("adminExchange.streamHosts.label")}</label>
            <textarea
              id="stream-hosts"
              name="hosts"
              rows={3}
              maxLength={2000}
              defaultValue={hosts.join("\n")}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={errors?.length ? "stream-hosts-error" : undefined}
            />
            <AdminErrorList errors={errors} id="stream-hosts-error" />
          </div>
          <button type="submit" className="btn-secondary px-3 py-1 text-sm">
            {t("adminExchange.streamHosts.save")}
          </button>
        </Form>
      ) : (
        <p className="text-sm" data-testid="stream-hosts-list">
          {hosts.length ? hosts.join(", ") : t("adminExchange.stream.noHosts")}
        </p>
      )}
    </section>
  );
}

export default function AdminExchangeEvents({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "create-event",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
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
      <StreamHosts
        hosts={loaderData.streamHosts}
        editable={loaderData.mayEditHosts}
        saved={loaderData.hostsSaved}
        errors={actionData && "hostsResult" in actionData ? (actionData.hostsResult.error?.hosts ?? undefined) : undefined}
      />
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
