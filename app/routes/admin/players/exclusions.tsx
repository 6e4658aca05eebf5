import { translate } from "#app/i18n/translate.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { PlayerTabs } from "#app/components/admin/players/PlayerTabs.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { takaText } from "#app/kernel/money.ts";
import { findPlayerById } from "#app/modules/players/index.server.ts";
import { selfExclusionTerms, staffExclusionSchema, staffTerm, timeOutPeriods } from "#app/modules/protection/index.ts";
import { applyExclusionForPlayer, isExclusionError, listPlayerExclusions } from "#app/modules/protection/index.server.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/exclusions";
import { playerId } from "./player-id.server.ts";
import { formStatus } from "#app/kernel/domain-error.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** /admin/players/:id/exclusions: every time-out, self-exclusion and closure, and applying one on the player's request. */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.protection);
  const player = await findPlayerById(playerId(params));
  if (!player) throw data(null, { status: 404 });
  const history = await listPlayerExclusions(player.id);
  return {
    title: `${translate(context, "protectionExclusion.admin.title")} · ${player.username}`,
    i18n: areaBundle(context, "protectionExclusion"),
    role: staff.role,
    applied: url.searchParams.get("notice") === "applied",
    player: { id: player.id, username: player.username },
    history: history.map((h) => ({
      id: h.id,
      kind: h.kind,
      from: formatDhakaDateTime(h.startsAt),
      until: h.endsAt ? formatDhakaDateTime(h.endsAt) : null,
      active: h.active,
      staff: h.staffUsername,
      reason: h.reason,
      payout: h.payoutId ? { id: h.payoutId, amount: takaText(h.payoutAmount!, { symbol: false }), status: h.payoutStatus! } : null,
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, pageRoles.protection);
  const id = playerId(params);
  const submission = parseWithZod(await request.formData(), { schema: staffExclusionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const by = { staffId: staff.id, ip: clientIp(request) };
  const { kind, term } = staffTerm(submission.value);
  try {
    if (kind === "timeout") await applyExclusionForPlayer(by, id, kind, term, submission.value.reason);
    else await applyExclusionForPlayer(by, id, kind, term, submission.value.reason);
  } catch (e) {
    if (!isExclusionError(e)) throw e;
    const message = messageToken(e.messageKey, e.params);
    const status = formStatus(e, { not_longer: 409 });
    return data({ result: submission.reply(e.field ? { fieldErrors: { [e.field]: [message] } } : { formErrors: [message] }) }, { status });
  }
  return redirect(`/admin/players/${id}/exclusions?notice=applied`);
}

export default function AdminPlayerExclusions({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { player, history } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(staffExclusionSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffExclusionSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const action = `/admin/players/${player.id}/exclusions`;
  return (
    <>
      <a href="/admin/players" className="mb-2 inline-block text-sm text-brand">
        ‹ {t("protectionExclusion.admin.back")}
      </a>
      <PlayerTabs playerId={player.id} username={player.username} role={loaderData.role} />
      {loaderData.applied && !actionData ? <Notice>{t("protectionExclusion.admin.applied")}</Notice> : null}
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <section className="min-w-0 rounded-xl bg-panel p-4" data-testid="exclusion-history">
          <h2 className="mb-2 font-semibold">{t("protectionExclusion.admin.history")}</h2>
          {history.length === 0 ? (
            <p className="text-sm text-white/60">{t("protectionExclusion.admin.none")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-white/60">
                  <tr>
                    <th className="p-2">{t("protectionExclusion.admin.kind")}</th>
                    <th className="p-2">{t("protectionExclusion.admin.from")}</th>
                    <th className="p-2">{t("protectionExclusion.admin.until")}</th>
                    <th className="p-2">{t("protectionExclusion.admin.status")}</th>
                    <th className="p-2">{t("protectionExclusion.admin.appliedBy")}</th>
                    <th className="p-2">{t("protectionExclusion.admin.reason")}</th>
                    <th className="p-2">{t("protectionExclusion.admin.payout")}</th>
                  </tr>
                </thead>
                <tbody>
                  {history.map((h) => (
                    <tr key={h.id} className="border-t border-white/10" data-testid="exclusion-row" data-active={h.active}>
                      <td className="p-2">{t(`protectionExclusion.kind.${h.kind}`)}</td>
                      <td className="p-2 whitespace-nowrap">{h.from}</td>
                      <td className="p-2 whitespace-nowrap">{h.until ?? t("protectionExclusion.admin.permanent")}</td>
                      <td className={`p-2 ${h.active ? "font-semibold text-accent" : "text-white/60"}`}>
                        {h.active ? t("protectionExclusion.admin.active") : t("protectionExclusion.admin.ended")}
                      </td>
                      <td className="p-2">{h.staff ?? t("protectionExclusion.admin.player")}</td>
                      <td className="max-w-64 p-2 break-words">{h.reason || "—"}</td>
                      <td className="p-2 whitespace-nowrap">
                        {h.payout ? (
                          <a href="/admin/finance/withdrawals" className="text-brand">
                            W{h.payout.id} · ৳{h.payout.amount} ({t(`protectionExclusion.admin.payoutStatus.${h.payout.status}`)})
                          </a>
                        ) : (
                          t("protectionExclusion.admin.noPayout")
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <Form method="post" action={action} {...getFormProps(form)} className="rounded-xl bg-panel p-4" data-testid="exclusion-form">
          <h2 className="mb-1 font-semibold">{t("protectionExclusion.admin.applyTitle")}</h2>
          <p className="mb-3 text-xs text-white/60">{t("protectionExclusion.admin.applyHint")}</p>
          <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
          <div className="field">
            <label htmlFor={fields.term.id}>{t("protectionExclusion.admin.term")}</label>
            <select {...getSelectProps(fields.term)} key={fields.term.key}>
              {[...timeOutPeriods, ...selfExclusionTerms].map((term) => (
                <option key={term} value={term}>
                  {t(`protectionExclusion.admin.terms.${term}`)}
                </option>
              ))}
            </select>
            <AdminErrorList errors={fields.term.errors} id={fields.term.errorId} />
          </div>
          <AdminField
            label={t("protectionExclusion.admin.days")}
            inputProps={{ name: fields.days.name, id: fields.days.id, defaultValue: fields.days.initialValue, inputMode: "numeric", maxLength: 3 }}
            errors={fields.days.errors}
            errorId={fields.days.errorId}
          />
          <div className="field">
            <label htmlFor={fields.reason.id}>{t("protectionExclusion.admin.reason")}</label>
            <textarea
              {...getTextareaProps(fields.reason)}
              key={fields.reason.key}
              rows={3}
              maxLength={500}
              className="w-full rounded-md border border-white/20 bg-ink px-2 py-1.5 text-white aria-[invalid=true]:border-red-400"
            />
            <AdminErrorList errors={fields.reason.errors} id={fields.reason.errorId} />
          </div>
          <SubmitButton
            label={t("protectionExclusion.admin.submit")}
            pendingLabel={t("protectionExclusion.admin.submitting")}
            action={action}
            className="btn-primary w-full"
          />
        </Form>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
