import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { ErrorList, Field } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { convertSchema } from "#app/modules/vip/index.ts";

export type ConvertData = {
  min: number;
  /** Whole VP the player holds. */
  wholeVp: string;
  enough: boolean;
  requestKey: string;
  rate: { level: string; ratio: number; perVp: string; unitVp: string; unitAmount: string } | null;
};

/** Convert VP into money on the main wallet: a plain POST form, so it works without JavaScript. */
export function ConvertForm({ data, result, done }: { data: ConvertData; result?: SubmissionResult<string[]>; done: string | null }) {
  const { t } = useTranslation();
  const minMessage = t("vip.convert.min", { min: data.min });
  const schema = convertSchema(data.min, minMessage);
  const [form, fields] = useForm({
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const action = "/vip?tab=myVip";
  return (
    <section className="rounded-xl bg-panel p-4" data-testid="vip-convert">
      <h2 className="mb-2 font-bold">{t("vip.convert.title")}</h2>
      {done ? (
        <p className="mb-3 rounded-md border border-emerald-400/40 bg-emerald-500/10 p-2 text-sm" role="status" data-testid="vip-converted">
          {done}
        </p>
      ) : null}
      {data.rate ? (
        <div className="mb-3 text-xs text-white/70" data-testid="vip-rate">
          <p>{t("vip.convert.rate", { level: data.rate.level, ratio: data.rate.ratio, perVp: data.rate.perVp })}</p>
          <p>{data.rate.unitVp === "1" ? t("vip.convert.whole") : t("vip.convert.unit", { unit: data.rate.unitVp, amount: data.rate.unitAmount })}</p>
        </div>
      ) : (
        <p className="mb-3 text-sm text-white/70">{t("vip.convert.noLevel")}</p>
      )}
      {data.enough ? null : (
        <p className="mb-3 text-sm text-amber-300" data-testid="vip-not-enough">
          {t("vip.convert.notEnough")}
        </p>
      )}
      <Form method="post" action={action} {...getFormProps(form)} data-testid="vip-convert-form">
        <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
        <input type="hidden" name="requestKey" value={data.requestKey} />
        <Field
          label={t("vip.convert.label")}
          inputProps={{
            ...getInputProps(fields.vp, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "off",
            placeholder: t("vip.convert.placeholder", { min: data.min }),
          }}
          errors={fields.vp.errors}
          errorId={fields.vp.errorId}
        />
        <SubmitButton label={t("vip.convert.submit")} pendingLabel={t("vip.convert.submitting")} action={action} />
      </Form>
    </section>
  );
}
