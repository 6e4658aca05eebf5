// The frame of the time-out, self-exclusion and close-account pages: what happens, the choices (children), the
// password again and (where asked) the "I understand" box, and the button. A plain POST form: works without JavaScript.
import { type FieldMetadata, type FormMetadata, getFormProps, getInputProps } from "@conform-to/react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { ErrorList, Field } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import type { LayoutKind } from "#app/utils/layout.server.ts";

type Props<S extends Record<string, unknown>> = {
  layout: LayoutKind;
  testId: string;
  title: string;
  intro: string;
  effects: string[];
  action: string;
  form: FormMetadata<S, string[]>;
  password: FieldMetadata<string, S, string[]>;
  understood?: FieldMetadata<"on", S, string[]>;
  submit: string;
  submitting: string;
  children: React.ReactNode;
};

export function ExclusionForm<S extends Record<string, unknown>>({
  layout,
  testId,
  title,
  intro,
  effects,
  action,
  form,
  password,
  understood,
  submit,
  submitting,
  children,
}: Props<S>) {
  const { t } = useTranslation();
  return (
    <AccountFrame layout={layout}>
      <main className="max-w-xl rounded-xl bg-panel p-5" data-testid={testId}>
        <a href="/account/responsible-gaming" className="mb-2 inline-block text-sm text-brand">
          ‹ {t("protectionExclusion.back")}
        </a>
        <h1 className="mb-2 text-xl font-bold">{title}</h1>
        <p className="mb-3 text-sm text-white/80">{intro}</p>
        <h2 className="mb-1 text-sm font-semibold">{t("protectionExclusion.whatHappens")}</h2>
        <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-white/80" data-testid="exclusion-effects">
          {effects.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
        <Form method="post" action={action} {...getFormProps(form)}>
          <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
          {children}
          <Field
            label={t("protectionExclusion.password")}
            hint={t("protectionExclusion.passwordHint")}
            inputProps={{ ...getInputProps(password, { type: "password" }), autoComplete: "current-password" }}
            errors={password.errors}
            errorId={password.errorId}
          />
          {understood ? (
            <div className="mb-4">
              <label className="flex items-start gap-2 text-sm">
                <input {...getInputProps(understood, { type: "checkbox" })} key={understood.key} className="mt-1 size-4 shrink-0" />
                <span>{t("protectionExclusion.understood")}</span>
              </label>
              <ErrorList errors={understood.errors} id={understood.errorId} />
            </div>
          ) : null}
          <SubmitButton label={submit} pendingLabel={submitting} action={action} className="btn-primary w-full" />
        </Form>
      </main>
    </AccountFrame>
  );
}

/** A radio list of choices for one field, each with an optional note (e.g. until when). */
export function ChoiceList<V extends string, S extends Record<string, unknown>>({
  field,
  legend,
  choices,
}: {
  field: FieldMetadata<V, S, string[]>;
  legend: string;
  choices: { value: string; label: string; note?: string }[];
}) {
  return (
    <fieldset className="mb-4" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {choices.map((c) => (
        <label key={c.value} className="mb-1.5 flex items-center gap-2 text-sm">
          <input type="radio" name={field.name} value={c.value} defaultChecked={field.initialValue === c.value} className="size-4 shrink-0" />
          <span>
            {c.label}
            {c.note ? <span className="ml-1 text-white/60">({c.note})</span> : null}
          </span>
        </label>
      ))}
      <ErrorList errors={field.errors} id={field.errorId} />
    </fieldset>
  );
}
