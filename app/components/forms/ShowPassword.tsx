import { useHydrated } from "#app/components/payments/use-hydrated.ts";

/**
 * "Show password": a checkbox that switches a password field to plain text. It works only with JavaScript, so the
 * server's HTML (all a browser without JavaScript gets) has none; it appears once the page has hydrated.
 */
export function ShowPassword({ checked, onChange, label }: { checked: boolean; onChange: (show: boolean) => void; label: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <label className="mb-3 flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="show-password" /> {label}
    </label>
  );
}
