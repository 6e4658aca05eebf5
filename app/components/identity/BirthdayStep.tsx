import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";

/** What the server answered to a birthday post: the message, and for an under-18 date the confirmation it needs. */
export type BirthdayAnswer = { error: string; confirm?: { birthday: string; age: number } | null } | null | undefined;

/**
 * The birthday form (intent "birthday"), or, when the server asks for it, the confirmation of an under-18 date:
 * confirming blocks the account. Plain POST forms, so they work without JavaScript. Needs the "identity" area.
 */
export function BirthdayStep({
  action,
  answer,
  label,
  hint,
  hidden = {},
  id = "birthday",
}: {
  action: string;
  answer: BirthdayAnswer;
  label: string;
  hint: string;
  hidden?: Record<string, string>;
  id?: string;
}) {
  const { t } = useTranslation();
  const extra = Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  if (answer?.confirm) {
    return (
      <div data-testid="birthday-confirm" role="alert">
        <p className="mb-3 text-sm text-amber-200">{answer.error}</p>
        <div className="flex flex-wrap gap-2">
          <Form method="post" action={action}>
            {extra}
            <input type="hidden" name="intent" value="birthday" />
            <input type="hidden" name="birthday" value={answer.confirm.birthday} />
            <input type="hidden" name="confirmUnderage" value="1" />
            <SubmitButton
              label={t("identity.birthday.confirm")}
              pendingLabel={t("identity.birthday.saving")}
              action={action}
              className="btn-secondary"
            />
          </Form>
          <a href={`${action.split("?")[0]}`} className="btn-primary" data-testid="birthday-change">
            {t("identity.birthday.change")}
          </a>
        </div>
      </div>
    );
  }
  const errors = answer ? [answer.error] : undefined;
  return (
    <Form method="post" action={action}>
      {extra}
      <input type="hidden" name="intent" value="birthday" />
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm text-white/80">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-input`}
          name="birthday"
          type="date"
          required
          min="1900-01-01"
          aria-invalid={errors ? true : undefined}
          aria-describedby={`${id}-hint${errors ? ` ${id}-error` : ""}`}
          className="min-w-0 flex-1 rounded-md border border-white/20 bg-ink px-3 py-2"
        />
        <SubmitButton
          label={t("identity.birthday.save")}
          pendingLabel={t("identity.birthday.saving")}
          action={action}
          className="btn-primary shrink-0"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-white/50">
        {hint} {t("identity.birthday.confirmWarning")}
      </p>
      <ErrorList errors={errors} id={`${id}-error`} />
    </Form>
  );
}
