import { translate } from "#app/i18n/translate.server.ts";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { takaInput, takaText } from "#app/kernel/money.ts";
import { formatPpmPercent, referralSettingsSchema, toSettings } from "#app/modules/referral/index.ts";
import { lastComputedDay, getReferralSettings, updateReferralSettings } from "#app/modules/referral/index.server.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import type { Route } from "./+types/referral";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.referral);
  const [s, last] = await Promise.all([getReferralSettings(), lastComputedDay()]);
  const notice = url.searchParams.get("notice");
  return {
    title: translate(context, "referral.admin.title"),
    i18n: areaBundle(context, "referral"),
    notice: notice === "saved" || notice === "unchanged" ? (notice as "saved" | "unchanged") : null,
    last: last ? { day: last.day, players: last.players, total: takaText(last.totalReward, { symbol: false }) } : null,
    defaults: {
      requiredDeposit: takaInput(s.requiredDeposit),
      requiredTurnover: takaInput(s.requiredTurnover),
      tabs: s.board.tabs.map((tab) => ({ above: takaInput(BigInt(tab.above)), rates: tab.ratesPpm.map(formatPpmPercent) })),
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, pageRoles.referral);
  const submission = parseWithZod(await request.formData(), { schema: referralSettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { changed } = await updateReferralSettings({ id: staff.id, ip: clientIp(request) }, toSettings(submission.value));
  return redirect(`/admin/referral?notice=${changed ? "saved" : "unchanged"}`);
}

export default function AdminReferral({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
    constraint: getZodConstraint(referralSettingsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: referralSettingsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const action = "/admin/referral";
  return (
    <>
      <h1 className="mb-3 text-xl font-bold">{t("referral.admin.title")}</h1>
      {loaderData.notice && !actionData ? <Notice>{t(`referral.admin.${loaderData.notice}`)}</Notice> : null}
      <Form method="post" action={action} {...getFormProps(form)} className="grid gap-4 lg:grid-cols-2" data-testid="referral-settings-form">
        <AdminErrorList errors={form.errors} id={form.errorId} className="form-error lg:col-span-2" />
        <fieldset className="rounded-xl bg-panel p-4">
          <legend className="px-1 font-bold">{t("referral.admin.requirements")}</legend>
          <AdminField
            label={t("referral.admin.requiredDeposit")}
            inputProps={{ ...getInputProps(fields.requiredDeposit, { type: "text" }), inputMode: "decimal", className: "!w-40" }}
            errors={fields.requiredDeposit.errors}
            errorId={fields.requiredDeposit.errorId}
          />
          <AdminField
            label={t("referral.admin.requiredTurnover")}
            inputProps={{ ...getInputProps(fields.requiredTurnover, { type: "text" }), inputMode: "decimal", className: "!w-40" }}
            errors={fields.requiredTurnover.errors}
            errorId={fields.requiredTurnover.errorId}
          />
          <h2 className="mb-1 mt-4 font-bold">{t("referral.admin.jobTitle")}</h2>
          <p className="text-sm text-white/70" data-testid="referral-last-day">
            {loaderData.last ? t("referral.admin.lastDay", loaderData.last) : t("referral.admin.noDay")}
          </p>
        </fieldset>
        <fieldset className="rounded-xl bg-panel p-4">
          <legend className="px-1 font-bold">{t("referral.admin.board")}</legend>
          <p className="mb-3 text-xs text-white/60">{t("referral.admin.boardHint")}</p>
          {fields.tabs.getFieldList().map((tabField, i) => {
            const tab = tabField.getFieldset();
            return (
              <div key={tabField.key} className="mb-3 rounded-lg bg-black/20 p-3" data-testid="referral-tab-fields">
                <AdminField
                  label={t("referral.admin.tab", { n: i + 1 })}
                  inputProps={{ ...getInputProps(tab.above, { type: "text" }), inputMode: "decimal", className: "!w-40" }}
                  errors={tab.above.errors}
                  errorId={tab.above.errorId}
                />
                <div className="grid grid-cols-3 gap-2">
                  {tab.rates.getFieldList().map((rate, level) => (
                    <AdminField
                      key={rate.key}
                      label={t("referral.admin.rate", { level: level + 1 })}
                      inputProps={{ ...getInputProps(rate, { type: "text" }), inputMode: "decimal" }}
                      errors={rate.errors}
                      errorId={rate.errorId}
                    />
                  ))}
                </div>
              </div>
            );
          })}
        </fieldset>
        <div className="lg:col-span-2">
          <SubmitButton label={t("referral.admin.save")} pendingLabel={t("referral.admin.saving")} action={action} className="btn-primary" />
        </div>
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
