import { useTranslation } from "react-i18next";

/**
 * Messages are keys of the catalogue ("errors.*", or a route area's such as "house.errors.*", translated here) or
 * text the server already translated. The same message twice is shown once.
 */
export function ErrorList({ errors, id, className = "field-error" }: { errors?: string[] | null; id?: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const translate = t as unknown as (key: string) => string;
  if (!errors?.length) return null;
  return (
    <div id={id} className={className} role="alert">
      {[...new Set(errors)].map((e) => (
        <div key={e}>{i18n.exists(e) ? translate(e) : e}</div>
      ))}
    </div>
  );
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined };

export function Field({
  label,
  inputProps,
  errors,
  errorId,
  hint,
  prefix,
}: {
  label: string;
  inputProps: InputProps;
  errors?: string[] | null;
  errorId?: string;
  hint?: string;
  prefix?: string;
}) {
  const { key, ...rest } = inputProps;
  const input = <input key={key} {...rest} />;
  return (
    <div className="field">
      <label htmlFor={rest.id}>{label}</label>
      {prefix ? (
        <div className="flex items-stretch gap-1">
          <span className="flex items-center rounded-md border border-white/20 px-2 text-sm text-white/80">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
      {hint ? <div className="mt-1 text-xs text-white/50">{hint}</div> : null}
      <ErrorList errors={errors} id={errorId} />
    </div>
  );
}
