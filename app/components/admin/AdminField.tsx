import { ErrorList } from "#app/components/forms/Field.tsx";

/** The back office shows form errors like the player site: catalogue keys translated, server text as it is. */
export const AdminErrorList = ErrorList;

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined };

export function AdminField({
  label,
  inputProps,
  errors,
  errorId,
  hint,
}: {
  label: string;
  inputProps: InputProps;
  errors?: string[] | null;
  errorId?: string;
  hint?: string;
}) {
  const { key, ...rest } = inputProps;
  return (
    <div className="field">
      <label htmlFor={rest.id}>{label}</label>
      <input key={key} {...rest} />
      {hint ? <div className="mt-1 text-xs text-white/60">{hint}</div> : null}
      <AdminErrorList errors={errors} id={errorId} />
    </div>
  );
}

/** A green one-line confirmation after a saved form (the page was reached by a redirect). */
export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="form-note" data-testid="admin-notice">
      {children}
    </div>
  );
}

/** A checkbox with its label on one line (the back office's on/off fields). */
export function AdminCheckbox({ label, inputProps }: { label: string; inputProps: InputProps }) {
  const { key, ...rest } = inputProps;
  return (
    <label className="!mb-0 !flex items-center gap-2 !text-sm !text-white">
      <input key={key} {...rest} className="size-4 shrink-0 accent-brand !w-4 !p-0" />
      {label}
    </label>
  );
}
