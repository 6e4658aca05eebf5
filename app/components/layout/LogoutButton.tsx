import { useTranslation } from "#app/i18n/use-translation.ts";

/** Logging out changes state, so it is a POST form, never a GET link. */
export function LogoutButton({ className = "btn-secondary" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <form method="post" action="/logout" className="inline">
      <button type="submit" className={className} data-testid="logout">
        {t("common.logout")}
      </button>
    </form>
  );
}
