import { useTranslation } from "#app/i18n/use-translation.ts";
import { isRouteErrorResponse } from "react-router";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

/** What the error pages show when the site's settings could not be read (the database is down). */
export const FALLBACK_SITE = { title: "DeshPlay", logo: "/brand/logo.svg", mobileLogo: "/brand/logo-mobile.svg" } as const;

export function isAdminPath(pathname: string) {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** The status the response has: a thrown Response or data() keeps its own, anything else is a 500. */
export function errorStatus(error: unknown) {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The title and text of the page for an error: "not found" for a 404, "something went wrong" for the rest. */
export function useErrorText(error: unknown) {
  const { t } = useTranslation();
  const notFound = errorStatus(error) === 404;
  return {
    heading: t(notFound ? "errors.notFoundTitle" : "errors.serverErrorTitle"),
    text: t(notFound ? "errors.notFoundText" : "errors.serverErrorText"),
  };
}

/** Whether the browser has a page of this site to go back to (an earlier client navigation, or the page it came from). */
function hasPageToGoBackTo() {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx === "number" && idx > 0) return true;
  if (window.history.length <= 1 || !document.referrer) return false;
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin && from.href !== window.location.href;
  } catch {
    return false;
  }
}

/** "Back": the browser's history when it has the previous page; without JavaScript (or none), a link to `href`. */
export function BackLink({ href, className = "btn-secondary" }: { href: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      className={className}
      data-testid="error-back"
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (!hasPageToGoBackTo()) return;
        event.preventDefault();
        window.history.back();
      }}
    >
      <span aria-hidden="true">← </span>
      {t("errors.back")}
    </a>
  );
}

export type ErrorPageLink = { href: string; label: string; testId: string; primary?: boolean };

/**
 * The body of an error or 404 page: the document title in the page's language, the status, an h1, a short text and
 * the ways back. In development a thrown Error's stack is shown below; players (production builds) never see one.
 */
export function ErrorMessage({
  error,
  siteTitle,
  back,
  links,
  heading,
  text,
  as: Element = "main",
}: {
  error: unknown;
  siteTitle: string;
  back: string;
  links: ErrorPageLink[];
  heading?: string;
  text?: string;
  /** A section when the page around it already has its <main> (the admin layout). */
  as?: "main" | "section";
}) {
  const { t } = useTranslation();
  const status = errorStatus(error);
  const fallback = useErrorText(error);
  const title = heading ?? fallback.heading;
  return (
    <Element className="mx-auto max-w-md px-4 py-10 text-center" data-testid="error-page" data-status={status}>
      {/* React hoists it into <head>. A title from a route's meta would come first there: the root and the 404
          route give none, and neither may the routes whose errors show this. */}
      <title>{t("errors.documentTitle", { title, site: siteTitle })}</title>
      <div className="rounded-xl bg-panel px-5 py-8 shadow-lg">
        <p className="text-sm font-semibold tracking-wide text-brand" data-testid="error-status">
          {t("errors.statusCode", { status })}
        </p>
        <h1 className="mt-1 text-2xl font-bold text-white">{title}</h1>
        <p className="mt-2 text-slate-300">{text ?? fallback.text}</p>
        <nav className="mt-6 flex flex-wrap justify-center gap-2" aria-label={t("errors.waysBack")}>
          <BackLink href={back} />
          {links.map((link) => (
            <a key={link.testId} href={link.href} className={link.primary ? "btn-primary" : "btn-secondary"} data-testid={link.testId}>
              {link.label}
            </a>
          ))}
        </nav>
      </div>
      {import.meta.env?.DEV && error instanceof Error && error.stack ? (
        <pre className="mt-6 overflow-auto rounded bg-black/40 p-3 text-left text-xs text-red-200" data-testid="error-stack">
          {error.stack}
        </pre>
      ) : null}
    </Element>
  );
}

/** The player site's ways back: Home, and the player's account when logged in. */
export function PlayerErrorMessage({ error, siteTitle, back, loggedIn }: { error: unknown; siteTitle: string; back: string; loggedIn: boolean }) {
  const { t } = useTranslation();
  const links: ErrorPageLink[] = [{ href: "/", label: t("common.home"), testId: "error-home", primary: true }];
  if (loggedIn) links.push({ href: "/account", label: t("common.myAccount"), testId: "error-account" });
  return <ErrorMessage error={error} siteTitle={siteTitle} back={back} links={links} />;
}

/**
 * The site's chrome when the root loader failed (no settings, player or menu): the logo (from public/brand) linking
 * home and the language switch, in the same header bars as the full shell on phones and desktops.
 */
export function FallbackShell({ locale, children }: { locale: string; children: React.ReactNode }) {
  return (
    <>
      <div className="desktop-only">
        <header className="desktop-header" data-testid="desktop-header">
          <div className="desktop-header-inner">
            <a href="/" className="shrink-0">
              <img src={FALLBACK_SITE.logo} alt={FALLBACK_SITE.title} width={150} height={40} />
            </a>
            <div className="ml-auto flex shrink-0 items-center gap-2">
              <LanguageSwitch locale={locale} />
            </div>
          </div>
        </header>
      </div>
      <div className="mobile-only">
        <header className="mobile-header" data-testid="mobile-header">
          <a href="/" className="mobile-logo">
            <img src={FALLBACK_SITE.mobileLogo} alt={FALLBACK_SITE.title} width={110} height={32} />
          </a>
          <nav className="mobile-header-links">
            <LanguageSwitch locale={locale} compact />
          </nav>
        </header>
      </div>
      <div className="page">{children}</div>
    </>
  );
}

/**
 * The back office's error page: its chrome (`header`, the real AdminHeader when the admin strings are loaded; else a
 * plain bar of the site name and the language switch, from the strings every page has) around the error, whose ways
 * back are the dashboard for staff and the staff log-in for a guest. Kept free of the admin components, so the root's
 * boundary can use it without adding them to every player page's JavaScript.
 */
export function BackOfficeErrorPage({
  error,
  signedIn,
  siteTitle,
  locale,
  back,
  header,
  heading,
  text,
  dashboardLabel,
  inLayout = false,
}: {
  error: unknown;
  signedIn: boolean;
  siteTitle: string;
  locale: string;
  /** The root's back path: the back office's dashboard when it is the site's home. */
  back: string | undefined;
  header?: React.ReactNode;
  heading?: string;
  text?: string;
  dashboardLabel?: string;
  /** Shown inside the admin layout (its header and <main> are already there): only the message. */
  inLayout?: boolean;
}) {
  const { t } = useTranslation();
  const links: ErrorPageLink[] = signedIn
    ? [{ href: "/admin", label: dashboardLabel ?? t("errors.adminDashboard"), testId: "error-admin-dashboard", primary: true }]
    : [{ href: "/admin/login", label: t("errors.staffLogin"), testId: "error-admin-login", primary: true }];
  const message = (
    <ErrorMessage
      error={error}
      siteTitle={siteTitle}
      back={back && back !== "/" ? back : "/admin"}
      links={links}
      heading={heading}
      text={text}
      as={inLayout ? "section" : "main"}
    />
  );
  if (inLayout) return message;
  return (
    <div className="min-h-screen" data-testid="admin-layout">
      {header ?? (
        <header className="border-b border-white/10 bg-panel" data-testid="admin-header">
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-3 py-2">
            <a href="/admin" className="font-bold">
              {siteTitle} <span className="font-normal text-white/60">· {t("errors.backOffice")}</span>
            </a>
            <div className="ml-auto">
              <LanguageSwitch locale={locale} compact />
            </div>
          </div>
        </header>
      )}
      <div className="mx-auto max-w-6xl px-3 py-4">{message}</div>
    </div>
  );
}
