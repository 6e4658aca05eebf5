import { ErrorList } from "#app/components/forms/Field.tsx";
import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { PaymentsField, PaymentsTextArea } from "#app/components/admin/payments/PaymentsField.tsx";
import { PaymentsNav } from "#app/components/admin/payments/PaymentsNav.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useArea } from "#app/i18n/use-area.ts";
import { toId } from "#app/modules/payments/index.ts";
import { promotionCategories, promotionFormSchema } from "#app/modules/promotions/index.ts";
import { getPromotion, isPromotionError, savePromotion } from "#app/modules/promotions/index.server.ts";
import { formatHundredths } from "#app/modules/settings/index.ts";
import { formatDhakaInput } from "#app/kernel/dhaka-time.ts";
import { paymentsPage, requireFinanceActor, requireFinanceViewer } from "./admin-payments.server.ts";
import type { Route } from "./+types/promotion-edit";
import { takaInput } from "#app/kernel/money.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** "new", or the id of an existing promotion; anything else is a 404 (never a 500). */
async function target(param: string | undefined) {
  if (param === "new") return { id: null, promotion: null };
  const id = toId(param);
  const promotion = id ? await getPromotion(id) : null;
  if (!promotion) throw data(null, { status: 404 });
  return { id: promotion.id, promotion };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { canAct } = await requireFinanceViewer(request);
  const { id, promotion: p } = await target(params.id);
  return {
    ...paymentsPage(context, id ? "adminPayments.promotions.edit" : "adminPayments.promotions.new"),
    canAct,
    id,
    defaults: p
      ? {
          nameEn: p.nameEn,
          nameBn: p.nameBn,
          descriptionEn: p.descriptionEn,
          descriptionBn: p.descriptionBn,
          termsEn: p.termsEn,
          termsBn: p.termsBn,
          bonusPercent: String(p.bonusPercent),
          turnoverMultiplier: formatHundredths(p.turnoverMultiplierHundredths),
          maxBonus: takaInput(p.maxBonus),
          startsAt: formatDhakaInput(p.startsAt),
          endsAt: formatDhakaInput(p.endsAt),
          status: p.status,
          thumbnail: p.thumbnail ?? "",
          sortOrder: String(p.sortOrder),
          categoryIds: p.categoryIds.map(String),
        }
      : { bonusPercent: "0", turnoverMultiplier: "1", startsAt: formatDhakaInput(new Date()), status: "active", sortOrder: "0", categoryIds: [] },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staffId, ip } = await requireFinanceActor(request);
  const { id } = await target(params.id);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: promotionFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    // The URL, never a form field, says which promotion is changed.
    const saved = await savePromotion(staffId, { ...submission.value, id }, ip);
    return redirect(`/admin/finance/promotions?saved=${saved.id}`);
  } catch (e) {
    if (!isPromotionError(e)) throw e;
    const message = e.token;
    const reply = e.field ? submission.reply({ fieldErrors: { [e.field]: [message] } }) : submission.reply({ formErrors: [message] });
    return data({ result: reply }, { status: e.status });
  }
}

export default function PromotionEdit({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const path = `/admin/finance/promotions/${loaderData.id ?? "new"}`;
  const [form, fields] = useForm({
    id: `promotion-${loaderData.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
    // No constraint attributes: getZodConstraint cannot read a schema that ends in a transform.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promotionFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = (field: typeof fields.nameEn, label: string, hint?: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <PaymentsField
      label={label}
      hint={hint}
      inputProps={{ ...getInputProps(field, { type: "text" }), ...extra }}
      errors={field.errors}
      errorId={field.errorId}
    />
  );
  const area = (field: typeof fields.descriptionEn, label: string, rows: number) => (
    <PaymentsTextArea label={label} textareaProps={{ ...getTextareaProps(field), rows }} errors={field.errors} errorId={field.errorId} />
  );
  return (
    <>
      <PaymentsNav />
      <Link to="/admin/finance/promotions" className="text-sm">
        {t("adminPayments.promotions.back")}
      </Link>
      <h1 className="mt-1 mb-3 text-xl font-bold">{t(loaderData.id ? "adminPayments.promotions.edit" : "adminPayments.promotions.new")}</h1>
      {!loaderData.canAct ? <p className="mb-3 text-sm text-amber-300">{t("adminPayments.viewOnly")}</p> : null}
      <Form method="post" action={path} {...getFormProps(form)} data-testid="promotion-form">
        <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
        <fieldset disabled={!loaderData.canAct} className="grid gap-4 lg:grid-cols-2">
          <div className="rounded-xl bg-panel p-4">
            {text(fields.nameEn, t("adminPayments.promotions.nameEn"))}
            {area(fields.descriptionEn, t("adminPayments.promotions.descriptionEn"), 3)}
            {area(fields.termsEn, t("adminPayments.promotions.termsEn"), 5)}
          </div>
          <div className="rounded-xl bg-panel p-4" lang="bn">
            {text(fields.nameBn, t("adminPayments.promotions.nameBn"))}
            {area(fields.descriptionBn, t("adminPayments.promotions.descriptionBn"), 3)}
            {area(fields.termsBn, t("adminPayments.promotions.termsBn"), 5)}
          </div>
          <div className="grid gap-x-3 rounded-xl bg-panel p-4 sm:grid-cols-2 lg:col-span-2 lg:grid-cols-4">
            {text(fields.bonusPercent, t("adminPayments.promotions.bonusPercent"), undefined, { inputMode: "numeric" })}
            {text(fields.turnoverMultiplier, t("adminPayments.promotions.turnoverMultiplier"), t("adminPayments.promotions.turnoverHint"), {
              inputMode: "decimal",
            })}
            {text(fields.maxBonus, t("adminPayments.promotions.maxBonus"), t("adminPayments.promotions.maxBonusHint"), { inputMode: "decimal" })}
            <div className="field">
              <label htmlFor={fields.status.id}>{t("adminPayments.fields.status")}</label>
              <select {...getSelectProps(fields.status)} key={fields.status.key}>
                <option value="active">{t("adminPayments.active")}</option>
                <option value="inactive">{t("adminPayments.inactive")}</option>
              </select>
              <ErrorList errors={fields.status.errors} id={fields.status.errorId} />
            </div>
            <PaymentsField
              label={t("adminPayments.promotions.startsAt")}
              inputProps={getInputProps(fields.startsAt, { type: "datetime-local" })}
              errors={fields.startsAt.errors}
              errorId={fields.startsAt.errorId}
            />
            <PaymentsField
              label={t("adminPayments.promotions.endsAt")}
              inputProps={getInputProps(fields.endsAt, { type: "datetime-local" })}
              errors={fields.endsAt.errors}
              errorId={fields.endsAt.errorId}
            />
            {text(fields.thumbnail, t("adminPayments.promotions.thumbnail"), t("adminPayments.promotions.thumbnailHint"))}
            {text(fields.sortOrder, t("adminPayments.methods.order"), undefined, { inputMode: "numeric" })}
          </div>
          <fieldset className="rounded-xl bg-panel p-4 lg:col-span-2" data-testid="promotion-categories">
            <legend className="px-1 font-bold">{t("adminPayments.promotions.categories")}</legend>
            <p className="mb-2 text-xs text-white/60">{t("adminPayments.promotions.categoriesHint")}</p>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {getCollectionProps(fields.categoryIds, { type: "checkbox", options: promotionCategories.map((c) => String(c.id)) }).map(
                ({ key, ...props }) => (
                  <label key={key} className="!mb-0 !flex items-center gap-2 !text-base !text-white">
                    <input {...props} className="size-4 accent-brand !w-4 !p-0" />
                    {t(`paymentPages.promotions.categories.${promotionCategories.find((c) => String(c.id) === props.value)!.key}`)}
                  </label>
                ),
              )}
            </div>
            <ErrorList errors={fields.categoryIds.errors} id={fields.categoryIds.errorId} />
          </fieldset>
        </fieldset>
        {loaderData.canAct ? (
          <div className="mt-4">
            <SubmitButton
              label={t("adminPayments.promotions.save")}
              pendingLabel={t("adminPayments.promotions.saving")}
              action={path}
              className="btn-primary w-full sm:w-auto"
            />
          </div>
        ) : null}
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
