import { useMessageText } from "#app/i18n/message.ts";

/**
 * The one list of form errors: each is a catalogue key or a message token with values (app/i18n/message.ts), from the
 * shared zod schemas in the browser or from the server; it is translated here. The same message twice is shown once.
 */
export function ErrorList({ errors, id, className = "field-error" }: { errors?: readonly string[] | null; id?: string; className?: string }) {
  const text = useMessageText();
  if (!errors?.length) return null;
  return (
    <div id={id} className={className} role="alert">
      {[...new Set(errors)].map((e) => (
        <div key={e}>{text(e)}</div>
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
