import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import {
  data,
  isRouteErrorResponse,
  type ShouldRevalidateFunctionArgs,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { backPath } from "./components/layout/back-path.server.ts";
import { BackOfficeErrorPage, FallbackShell, FALLBACK_SITE, isAdminPath, PlayerErrorMessage } from "./components/layout/ErrorPage.tsx";
import { Shell } from "./components/layout/Shell.tsx";
import { getLocale } from "./i18n/i18n.server.ts";
import { translator } from "./i18n/translate.server.ts";
import { rootMiddleware } from "./middleware.server.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import { unreadCount } from "#app/modules/inbox/index.server.ts";
import { getSiteConfig } from "#app/modules/content/index.server.ts";
import { getCatalogueMenu } from "#app/modules/games/index.server.ts";
import { headerBalance } from "./routes/payments/balance.server.ts";
import { useNonce } from "./utils/csp-nonce.ts";
import { Splash } from "./components/layout/Splash.tsx";
import { layoutFor } from "./utils/layout.server.ts";
import { readToast } from "./utils/toast.server.ts";

export const middleware = rootMiddleware;

export async function loader({ request, context }: Route.LoaderArgs) {
  const [site, { toast, setCookie }, menu] = await Promise.all([getSiteConfig(), readToast(request), getCatalogueMenu()]);
  const auth = getAuth(context);
  const t = translator(context);
  const [balance, unread] = auth
    ? await Promise.all([headerBalance(auth.player.id, site.general.promotionWallet), unreadCount(auth.player.id)])
    : [null, 0];
  return data(
    {
      locale: getLocale(context),
      // Every page's meta description unless its own loader returns a metaDescription (see PageDescription).
      description: t("common.metaDescription"),
      layout: layoutFor(request.headers.get("user-agent")),
      // The document is loading inside a frame (a game in /gamerun): the browser says so on the document request.
      framed: request.headers.get("sec-fetch-dest") === "iframe",
      player: auth ? { id: auth.player.id, username: auth.player.username } : null,
      balance,
      // Unread inbox messages (the header and member menu; live over the page's event stream).
      unread,
      site: {
        title: site.general.siteTitle,
        mode: site.general.mode,
        logo: site.branding.logo,
        mobileLogo: site.branding.mobileLogo,
        favicon: site.branding.favicon,
        supportMail: site.general.supportMail,
      },
      toast: toast ? t(`common.toast.${toast}`) : null,
      // Where an error or 404 page's "Back" link goes without JavaScript (the site's page the browser came from).
      back: backPath(request),
      // Each game type's providers and the sports books for the side menu (cached for 30 s per instance).
      menu,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Root data changes only after a form post (log in/out, language) or a flash message.
  if (formMethod && formMethod !== "GET") return true;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return false;
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Zod reads its settings from this global (what z.config() writes) when it loads. */
const ZOD_JITLESS = "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})";

/**
 * The page's <meta name="description">: the deepest route's loader data `metaDescription`, else the site's. One
 * place, so no page goes without one (route meta() functions replace each other and most only set a title).
 */
function PageDescription({ fallback }: { fallback: string | undefined }) {
  const matches = useMatches();
  const own = matches
    .map((m) => (m.loaderData as { metaDescription?: unknown } | undefined)?.metaDescription)
    .findLast((d): d is string => typeof d === "string");
  const content = own ?? fallback;
  return content ? <meta name="description" content={content} /> : null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { i18n } = useTranslation();
  const lang = root?.locale ?? i18n.language ?? "en";
  // From the document request's header first; in the browser the window itself says whether it is framed (root
  // data loaded later by fetch no longer carries the header).
  const [framed, setFramed] = useState(Boolean(root?.framed));
  useEffect(() => setFramed(window.self !== window.top), []);
  // The CSP nonce of this document (server only): every inline script needs it.
  const nonce = useNonce();
  const { pathname } = useLocation();
  return (
    <html lang={lang} className={`layout-${root?.layout ?? "desktop"}`} data-framed={framed ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1d2a" />
        {/* Before any module runs: Zod compiles its object parsers with new Function() unless told "jitless", and
            under the CSP (no 'unsafe-eval') its try-and-see probe is reported as a violation on every form page. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        {root ? <link rel="icon" href={root.site.favicon} type="image/svg+xml" /> : null}
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <PageDescription fallback={root?.description} />
        {/* Links need no nonce (style-src does not use one); without this they would take the document's from
            React Router, which the browser never knows, and every hydration would report a mismatch. */}
        <Links nonce="" />
      </head>
      <body>
        {root && !root.framed && !isAdminPath(pathname) ? (
          <Splash logo={root.layout === "mobile" ? root.site.mobileLogo : root.site.logo} title={root.site.title} nonce={nonce} />
        ) : null}
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // The back office has its own chrome (app/routes/admin); the player shell is for the site.
  if (isAdminPath(pathname)) return <Outlet />;
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

/**
 * An error no route below handled (a player page's loader failed or threw a 404), or the root loader's own (the
 * database is down): the page still looks like the site. With the root data, inside the full shell; without it, in
 * a shell of the logo and the language switch. Under /admin, in the back office's chrome.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  // A 4xx the server chose (a refused body, a missing page) is an answer, not a fault to log.
  if (!isRouteErrorResponse(error)) console.error(error);
  // Under /admin (the root loader or middleware failed there): the back office's plain bar, no staff known.
  if (isAdminPath(pathname)) {
    return (
      <BackOfficeErrorPage
        error={error}
        signedIn={false}
        siteTitle={root?.site.title ?? FALLBACK_SITE.title}
        locale={root?.locale ?? i18n.language ?? "en"}
        back={root?.back}
      />
    );
  }
  if (!root) {
    return (
      <FallbackShell locale={i18n.language ?? "en"}>
        <PlayerErrorMessage error={error} siteTitle={FALLBACK_SITE.title} back="/" loggedIn={false} />
      </FallbackShell>
    );
  }
  return (
    <Shell data={root}>
      <PlayerErrorMessage error={error} siteTitle={root.site.title} back={root.back} loggedIn={!!root.player} />
    </Shell>
  );
}
