import { translate } from "#app/i18n/translate.server.ts";
import { getCollectionProps, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { takaInput } from "#app/kernel/money.ts";
import { requirableVerifications } from "#app/modules/protection/index.ts";
import { jurisdictionCodes, formatHundredths, settingsSchema, siteModes } from "#app/modules/settings/index.ts";
import { getEditableSettings, updateSettings } from "#app/modules/settings/index.server.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.settings);
  const s = await getEditableSettings();
  const notice = url.searchParams.get("notice");
  return {
    title: translate(context, "admin.settings.title"),
    identity: areaBundle(context, "identity"),
    notice: notice === "saved" || notice === "unchanged" ? (notice as "saved" | "unchanged") : null,
    defaults: {
      siteTitle: s.siteTitle,
      supportMail: s.supportMail,
      withdrawalStatus: s.withdrawalStatus,
      promotionWallet: s.promotionWallet,
      depositTurnoverMultiplier: formatHundredths(s.depositTurnoverHundredths),
      payoutPromiseHours: String(s.payoutPromiseHours),
      resubmitWaitMinutes: String(s.resubmitWaitMinutes),
      mode: s.mode,
      licenceIssuer: s.licenceIssuer ?? "",
      licenceNumber: s.licenceNumber ?? "",
      jurisdictions: s.jurisdictions,
      requiredVerifications: s.requiredVerifications,
      demoStartingBalance: takaInput(s.demoStartingBalance),
      secondApprovalAbove: takaInput(s.secondApprovalAbove),
      highRollerStake: takaInput(s.highRollerStake),
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, pageRoles.settings);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: settingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // An emptied second-approval field arrives as undefined (conform drops empty text): empty means off, not "keep".
  const value = formData.has("secondApprovalAbove")
    ? { ...submission.value, secondApprovalAbove: submission.value.secondApprovalAbove ?? "" }
    : submission.value;
  const saved = await updateSettings({ id: staff.id, ip: clientIp(request) }, value);
  if (!saved.ok) return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: 400 });
  return redirect(`/admin/settings?notice=${saved.changed ? "saved" : "unchanged"}`);
}

function Check({ inputProps, label, hint }: { inputProps: ReturnType<typeof getInputProps>; label: string; hint: string }) {
  const { key, ...rest } = inputProps;
  return (
    <div className="field">
      <label className="!flex items-start gap-2 !text-base !text-white">
        <input key={key} {...rest} className="mt-1 size-4 shrink-0 accent-brand !w-4 !p-0" />
        <span>
          {label}
          <span className="block text-xs text-white/60">{hint}</span>
        </span>
      </label>
    </div>
  );
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useArea(loaderData.identity);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
    constraint: getZodConstraint(settingsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsSchema }),
    // Not on blur: the real-money messages would appear on mouse-down and move the save button away from the click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <h1 className="mb-3 text-xl font-bold">{t("admin.settings.title")}</h1>
      {loaderData.notice && !actionData ? <Notice>{t(`admin.settings.${loaderData.notice}`)}</Notice> : null}
      <Form method="post" action="/admin/settings" {...getFormProps(form)} className="grid gap-4 lg:grid-cols-2" data-testid="settings-form">
        <AdminErrorList errors={form.errors} id={form.errorId} className="form-error lg:col-span-2" />
        <fieldset className="rounded-xl bg-panel p-4">
          <legend className="px-1 font-bold">{t("admin.settings.general")}</legend>
          <AdminField
            label={t("admin.settings.siteTitle")}
            inputProps={getInputProps(fields.siteTitle, { type: "text" })}
            errors={fields.siteTitle.errors}
            errorId={fields.siteTitle.errorId}
          />
          <AdminField
            label={t("admin.settings.supportMail")}
            inputProps={getInputProps(fields.supportMail, { type: "email" })}
            errors={fields.supportMail.errors}
            errorId={fields.supportMail.errorId}
          />
          <Check
            inputProps={getInputProps(fields.withdrawalStatus, { type: "checkbox" })}
            label={t("admin.settings.withdrawalStatus")}
            hint={t("admin.settings.withdrawalHint")}
          />
          <Check
            inputProps={getInputProps(fields.promotionWallet, { type: "checkbox" })}
            label={t("admin.settings.promotionWallet")}
            hint={t("admin.settings.promotionHint")}
          />
          <AdminField
            label={t("admin.settings.multiplier")}
            hint={t("admin.settings.multiplierHint")}
            inputProps={{ ...getInputProps(fields.depositTurnoverMultiplier, { type: "text" }), inputMode: "decimal", className: "!w-32" }}
            errors={fields.depositTurnoverMultiplier.errors}
            errorId={fields.depositTurnoverMultiplier.errorId}
          />
          <AdminField
            label={t("admin.settings.payoutPromiseHours")}
            hint={t("admin.settings.payoutPromiseHint")}
            inputProps={{ ...getInputProps(fields.payoutPromiseHours, { type: "number" }), inputMode: "numeric", step: 1, className: "!w-32" }}
            errors={fields.payoutPromiseHours.errors}
            errorId={fields.payoutPromiseHours.errorId}
          />
          <AdminField
            label={t("admin.settings.resubmitWaitMinutes")}
            hint={t("admin.settings.resubmitWaitHint")}
            inputProps={{ ...getInputProps(fields.resubmitWaitMinutes, { type: "number" }), inputMode: "numeric", step: 1, className: "!w-32" }}
            errors={fields.resubmitWaitMinutes.errors}
            errorId={fields.resubmitWaitMinutes.errorId}
          />
          <AdminField
            label={t("admin.settings.secondApprovalAbove")}
            hint={t("admin.settings.secondApprovalHint")}
            inputProps={{ ...getInputProps(fields.secondApprovalAbove, { type: "text" }), inputMode: "decimal", className: "!w-40" }}
            errors={fields.secondApprovalAbove.errors}
            errorId={fields.secondApprovalAbove.errorId}
          />
          <AdminField
            label={t("admin.settings.highRollerStake")}
            hint={t("admin.settings.highRollerHint")}
            inputProps={{ ...getInputProps(fields.highRollerStake, { type: "text" }), inputMode: "decimal", className: "!w-40" }}
            errors={fields.highRollerStake.errors}
            errorId={fields.highRollerStake.errorId}
          />
        </fieldset>
        <fieldset className="rounded-xl bg-panel p-4">
          <legend className="px-1 font-bold">{t("admin.settings.modeTitle")}</legend>
          <div className="field" role="radiogroup" aria-labelledby="mode-label">
            <div id="mode-label" className="mb-1 text-sm text-white/80">
              {t("admin.settings.mode")}
            </div>
            <div className="flex flex-wrap gap-4">
              {getCollectionProps(fields.mode, { type: "radio", options: [...siteModes] }).map(({ key, ...props }) => (
                <label key={key} className="!mb-0 !flex items-center gap-2 !text-base !text-white">
                  <input {...props} className="size-4 accent-brand !w-4 !p-0" data-testid={`mode-${props.value}`} />
                  {t(props.value === "real" ? "admin.settings.modeReal" : "admin.settings.modeDemo")}
                </label>
              ))}
            </div>
            <AdminErrorList errors={fields.mode.errors} id={fields.mode.errorId} />
          </div>
          <AdminField
            label={t("admin.settings.demoBalance")}
            hint={t("admin.settings.demoBalanceHint")}
            inputProps={{ ...getInputProps(fields.demoStartingBalance, { type: "text" }), inputMode: "decimal", className: "!w-40" }}
            errors={fields.demoStartingBalance.errors}
            errorId={fields.demoStartingBalance.errorId}
          />
          <p className="mb-3 rounded-md border border-amber-400/50 bg-amber-500/10 p-2 text-sm" data-testid="legal-note">
            {t("admin.settings.legalNote")}
          </p>
          <p className="mb-3 text-xs text-white/60">{t("admin.settings.realRequires")}</p>
          <AdminField
            label={t("admin.settings.licenceIssuer")}
            inputProps={getInputProps(fields.licenceIssuer, { type: "text" })}
            errors={fields.licenceIssuer.errors}
            errorId={fields.licenceIssuer.errorId}
          />
          <AdminField
            label={t("admin.settings.licenceNumber")}
            inputProps={getInputProps(fields.licenceNumber, { type: "text" })}
            errors={fields.licenceNumber.errors}
            errorId={fields.licenceNumber.errorId}
          />
          <fieldset className="field">
            <legend className="mb-1 text-sm text-white/80">{t("admin.settings.jurisdictions")}</legend>
            <div className="flex flex-wrap gap-4">
              {getCollectionProps(fields.jurisdictions, { type: "checkbox", options: [...jurisdictionCodes] }).map(({ key, ...props }) => (
                <label key={key} className="!mb-0 !flex items-center gap-2 !text-base !text-white">
                  <input {...props} className="size-4 accent-brand !w-4 !p-0" />
                  {t(`admin.countries.${props.value as (typeof jurisdictionCodes)[number]}`)}
                </label>
              ))}
            </div>
            <div className="mt-1 text-xs text-white/60">{t("admin.settings.jurisdictionsHint")}</div>
            <AdminErrorList errors={fields.jurisdictions.errors} id={fields.jurisdictions.errorId} />
          </fieldset>
          <fieldset className="field" data-testid="required-verifications">
            <legend className="mb-1 text-sm text-white/80">{t("identity.admin.settingsTitle")}</legend>
            <div className="flex flex-wrap gap-4">
              {getCollectionProps(fields.requiredVerifications, { type: "checkbox", options: [...requirableVerifications] }).map(
                ({ key, ...props }) => (
                  <label key={key} className="!mb-0 !flex items-center gap-2 !text-base !text-white">
                    <input {...props} className="size-4 accent-brand !w-4 !p-0" />
                    {t(`identity.needed.item.${props.value as (typeof requirableVerifications)[number]}`)}
                  </label>
                ),
              )}
            </div>
            <div className="mt-1 text-xs text-white/60">{t("identity.admin.settingsHint")}</div>
            <AdminErrorList errors={fields.requiredVerifications.errors} id={fields.requiredVerifications.errorId} />
          </fieldset>
        </fieldset>
        <div className="lg:col-span-2">
          <SubmitButton
            label={t("admin.settings.save")}
            pendingLabel={t("admin.settings.saving")}
            action="/admin/settings"
            className="btn-primary w-full sm:w-auto"
          />
        </div>
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
