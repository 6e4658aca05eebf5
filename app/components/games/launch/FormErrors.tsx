import { useTranslation } from "react-i18next";

/** Form errors: "gamerun.*" keys from the shared schema (translated here) or text the server already translated. */
export function FormErrors({ errors, id, className = "field-error" }: { errors?: string[] | null; id?: string; className?: string }) {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string) => string;
  if (!errors?.length) return null;
  return (
    <div id={id} className={className} role="alert">
      {errors.map((e) => (
        <div key={e}>{/^gamerun\.[\w.]+$/.test(e) ? translate(e) : e}</div>
      ))}
    </div>
  );
}
