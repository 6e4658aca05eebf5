import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** Keys of the catalogue ("adminGames.*", "admin.*", "errors.*") are translated; anything else was translated by the server. */
export function gamesMessage(t: TFunction, message: string) {
  return /^(adminGames|admin|errors)\./.test(message) ? t(message as "admin.title") : message;
}

export function GamesErrorList({ errors, id, className = "field-error" }: { errors?: string[] | null; id?: string; className?: string }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} className={className} role="alert">
      {[...new Set(errors)].map((e) => (
        <div key={e}>{gamesMessage(t, e)}</div>
      ))}
    </div>
  );
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined };

export function GamesField({ label, inputProps, errors, errorId, hint }: { label: string; inputProps: InputProps; errors?: string[] | null; errorId?: string; hint?: string }) {
  const { key, ...rest } = inputProps;
  return (
    <div className="field">
      <label htmlFor={rest.id}>{label}</label>
      <input key={key} {...rest} />
      {hint ? <div className="mt-1 text-xs text-white/60">{hint}</div> : null}
      <GamesErrorList errors={errors} id={errorId} />
    </div>
  );
}

export function GamesCheckbox({ label, inputProps }: { label: string; inputProps: InputProps }) {
  const { key, ...rest } = inputProps;
  return (
    <label className="!mb-0 !flex items-center gap-2 !text-sm !text-white">
      <input key={key} {...rest} className="size-4 shrink-0 accent-brand !w-4 !p-0" />
      {label}
    </label>
  );
}
