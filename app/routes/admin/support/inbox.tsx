import { translate } from "#app/i18n/translate.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { listSentMessages, sendInboxMessage } from "#app/modules/inbox/index.server.ts";
import { sendMessageSchema } from "#app/modules/inbox/index.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/support/inbox";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.support);
  const sent = url.searchParams.get("sent");
  const recent = await listSentMessages();
  return {
    title: translate(context, "inbox.admin.title"),
    sent: sent === "all" ? ("all" as const) : sent && /^\d{1,6}$/.test(sent) ? Number(sent) : null,
    recent: recent.map((m) => ({ ...m, createdAt: formatDhakaDateTime(m.createdAt) })),
  };
}

/** Sends one message to a player, a list or everyone (audited in the module); unknown usernames refuse the send. */
export async function action({ request }: Route.ActionArgs) {
  const auth = await requireStaff(request, pageRoles.support);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: sendMessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await sendInboxMessage({ staffId: auth.staff.id, ...submission.value, ip: clientIp(request) });
  if (!result.ok) {
    const message = messageToken("inbox.admin.unknown", { names: result.unknown.join(", ") });
    return data({ result: submission.reply({ fieldErrors: { usernames: [message] } }) }, { status: 400 });
  }
  return redirect(`${BASE}?sent=${result.recipients}`);
}

export default function AdminInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "inbox-send",
    lastResult: actionData?.result,
    defaultValue: { audience: "player" },
    constraint: getZodConstraint(sendMessageSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendMessageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { sent } = loaderData;
  return (
    <section className="max-w-2xl" data-testid="admin-inbox">
      <h1 className="mb-3 text-xl font-bold">{t("inbox.admin.title")}</h1>
      {sent !== null ? <Notice>{sent === "all" ? t("inbox.admin.sentAll") : t("inbox.admin.sent", { count: sent })}</Notice> : null}
      <Form method="post" action={BASE} {...getFormProps(form)} className="rounded-xl bg-panel p-4" data-testid="inbox-send-form">
        <AdminErrorList errors={form.errors} id={form.errorId} />
        <fieldset className="field">
          <legend className="mb-1 text-sm text-white/80">{t("inbox.admin.audience")}</legend>
          <div className="flex flex-wrap gap-4">
            {(["player", "list", "all"] as const).map((a) => (
              <label key={a} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.audience.name}
                  value={a}
                  defaultChecked={(fields.audience.initialValue ?? "player") === a}
                  className="!w-auto"
                />
                {t(`inbox.admin.audiences.${a}`)}
              </label>
            ))}
          </div>
          <AdminErrorList errors={fields.audience.errors} id={fields.audience.errorId} />
        </fieldset>
        <div className="field">
          <label htmlFor={fields.usernames.id}>{t("inbox.admin.usernames")}</label>
          <textarea
            {...getTextareaProps(fields.usernames)}
            rows={2}
            className="w-full rounded-md border border-white/20 bg-ink px-2 py-1.5 text-white aria-[invalid=true]:border-red-400"
            data-testid="inbox-usernames"
          />
          <div className="mt-1 text-xs text-white/60">{t("inbox.admin.usernamesHint")}</div>
          <AdminErrorList errors={fields.usernames.errors} id={fields.usernames.errorId} />
        </div>
        <AdminField
          label={t("inbox.admin.messageTitle")}
          inputProps={{ ...getInputProps(fields.title, { type: "text" }), maxLength: 120 }}
          errors={fields.title.errors}
          errorId={fields.title.errorId}
        />
        <div className="field">
          <label htmlFor={fields.body.id}>{t("inbox.admin.body")}</label>
          <textarea
            {...getTextareaProps(fields.body)}
            rows={6}
            maxLength={5000}
            className="w-full rounded-md border border-white/20 bg-ink px-2 py-1.5 text-white aria-[invalid=true]:border-red-400"
            data-testid="inbox-body"
          />
          <AdminErrorList errors={fields.body.errors} id={fields.body.errorId} />
        </div>
        <SubmitButton label={t("inbox.admin.send")} pendingLabel={t("inbox.admin.sending")} action={BASE} />
      </Form>
      {loaderData.recent.length > 0 ? (
        <>
          <h2 className="mb-2 mt-6 text-lg font-bold">{t("inbox.admin.recent")}</h2>
          <div className="overflow-x-auto rounded-xl bg-panel">
            <table className="w-full text-sm" data-testid="inbox-sent">
              <thead className="text-left text-white/60">
                <tr>
                  <th className="p-2">{t("inbox.admin.sentAt")}</th>
                  <th className="p-2">{t("inbox.admin.messageTitle")}</th>
                  <th className="p-2">{t("inbox.admin.audience")}</th>
                  <th className="p-2">{t("inbox.admin.readBy")}</th>
                  <th className="p-2">{t("inbox.admin.sentBy")}</th>
                </tr>
              </thead>
              <tbody>
                {loaderData.recent.map((m) => (
                  <tr key={m.id} className="border-t border-white/5">
                    <td className="whitespace-nowrap p-2 tabular-nums text-white/60">{m.createdAt}</td>
                    <td className="p-2">{m.title}</td>
                    <td className="p-2">
                      {m.audience === "all" ? t("inbox.admin.audiences.all") : t("inbox.admin.players", { count: m.recipients })}
                    </td>
                    <td className="p-2 tabular-nums">{m.audience === "all" ? m.read : `${m.read} / ${m.recipients}`}</td>
                    <td className="p-2">{m.sent_by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
