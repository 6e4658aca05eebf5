import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "#app/components/forms/Field.tsx";

/** The "I'm not a robot" box of the reset forms; the server refuses the form unless it is ticked. */
export function BotCheck({ field }: { field: FieldMetadata<"on" | "true" | "1" | true> }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="!flex w-fit items-center gap-3 rounded-md border border-white/20 bg-ink px-3 py-2 !text-sm !text-white">
        <input {...getInputProps(field, { type: "checkbox" })} key={field.key} value="on" className="!size-5 !p-0 accent-brand" />
        <span>{t("auth.forgot.robot")}</span>
      </label>
      <ErrorList errors={field.errors} id={field.errorId} />
    </div>
  );
}
