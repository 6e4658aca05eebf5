import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** Shown inside the back-office chrome: a 403 explains the role, anything else is the generic error. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!forbidden && !notFound) console.error(error);
  return (
    <section className="mx-auto max-w-md rounded-xl bg-panel p-5 text-center" data-testid={forbidden ? "admin-forbidden" : "admin-error"}>
      <h1 className="mb-2 text-xl font-bold">{forbidden ? t("admin.forbidden.title") : t(notFound ? "errors.notFoundTitle" : "errors.serverErrorTitle")}</h1>
      <p className="mb-4 text-white/70">{forbidden ? t("admin.forbidden.text") : t(notFound ? "errors.notFoundText" : "errors.serverErrorText")}</p>
      <a className="btn-primary" href="/admin">
        {t("admin.forbidden.back")}
      </a>
    </section>
  );
}
