import { useNavigation } from "react-router";

/** Disabled, with the pending text, while its form is being submitted. */
export function SubmitButton({
  label,
  pendingLabel,
  action,
  className = "btn-primary w-full",
}: {
  label: string;
  pendingLabel: string;
  action?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (!action || navigation.formAction === action);
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
