import { useNavigation } from "react-router";

/** Disabled, with the pending text, while its form is being submitted. */
export function SubmitButton({
  label,
  pendingLabel,
  action,
  intent,
  className = "btn-primary w-full",
}: {
  label: string;
  pendingLabel: string;
  action?: string;
  /** Several forms posting to one address: only the one sending this `intent` field shows the pending text. */
  intent?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && (!action || navigation.formAction === action) && (!intent || navigation.formData?.get("intent") === intent);
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
