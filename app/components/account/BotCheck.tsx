import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CheckboxField } from "#app/components/forms/CheckboxField.tsx";

/** The "I'm not a robot" box of the reset forms; the server refuses the form unless it is ticked. */
export function BotCheck({ field }: { field: FieldMetadata<"on" | "true" | "1" | true> }) {
  const { t } = useTranslation();
  return (
    <CheckboxField
      inputProps={{ ...getInputProps(field, { type: "checkbox" }), key: field.key, value: "on" }}
      errors={field.errors}
      errorId={field.errorId}
      textTestId="robot-check-text"
      framed
    >
      {t("auth.forgot.robot")}
    </CheckboxField>
  );
}
