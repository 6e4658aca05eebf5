import { useTranslation } from "react-i18next";

/** Messages are i18n keys ("admin.errors.*" or "errors.*") or text the server already translated. */
export function translateMessage(t: (key: string) => string, message: string): string {
  return message.startsWith("admin.") || message.startsWith("errors.") ? t(message) : message;
}

export function AdminErrorList({ errors, id, className = "field-error" }: { errors?: string[] | null; id?: string; className?: string }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} className={className} role="alert">
      {errors.map((e) => (
        <div key={e}>{translateMessage(t as unknown as (key: string) => string, e)}</div>
      ))}
    </div>
  );
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined };

export function AdminField({ label, inputProps, errors, errorId, hint }: { label: string; inputProps: InputProps; errors?: string[] | null; errorId?: string; hint?: string }) {
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
