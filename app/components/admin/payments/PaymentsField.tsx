import { ErrorList } from "#app/components/forms/Field.tsx";

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined };

export function PaymentsField({
  label,
  inputProps,
  errors,
  errorId,
  hint,
  className,
}: {
  label: string;
  inputProps: InputProps;
  errors?: string[] | null;
  errorId?: string;
  hint?: string;
  className?: string;
}) {
  const { key, ...rest } = inputProps;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={rest.id}>{label}</label>
      <input key={key} {...rest} />
      {hint ? <div className="mt-1 text-xs text-white/60">{hint}</div> : null}
      <ErrorList errors={errors} id={errorId} />
    </div>
  );
}

type TextAreaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string | undefined };

export function PaymentsTextArea({
  label,
  textareaProps,
  errors,
  errorId,
}: {
  label: string;
  textareaProps: TextAreaProps;
  errors?: string[] | null;
  errorId?: string;
}) {
  const { key, className, ...rest } = textareaProps;
  return (
    <div className="field">
      <label htmlFor={rest.id}>{label}</label>
      <textarea
        key={key}
        rows={2}
        {...rest}
        className={`w-full rounded-md border border-white/20 bg-ink px-2 py-1.5 text-white aria-[invalid=true]:border-red-400 ${className ?? ""}`}
      />
      <ErrorList errors={errors} id={errorId} />
    </div>
  );
}

/** A tick box with its label on the right, as a form field. */
export function PaymentsCheckbox({ label, inputProps }: { label: string; inputProps: InputProps }) {
  const { key, ...rest } = inputProps;
  return (
    <div className="field">
      <label className="flex items-center gap-2 !text-base !text-white">
        <input key={key} {...rest} type="checkbox" className="!w-auto" />
        {label}
      </label>
    </div>
  );
}
