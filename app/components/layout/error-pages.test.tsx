// The 404 and error pages rendered on the server as the browser first gets them: inside the player shell (phone and
// desktop headers, language switch) or the back office's, in both languages, and still a page when the root
// loader failed (no site settings). The not-found route's status and the "Back" link's target.
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { resources } from "#app/i18n/i18n.server.ts";
import App, { ErrorBoundary as RootErrorBoundary, type RootData } from "#app/root.tsx";
import AdminLayout, { ErrorBoundary as AdminLayoutErrorBoundary } from "#app/routes/admin/layout.tsx";
import NotFound, { ErrorBoundary as NotFoundErrorBoundary, loader as notFoundLoader, type NotFoundData } from "#app/routes/not-found.tsx";
import { callRoute } from "#tests/support/route-call.ts";
import { backPath } from "./back-path.server.ts";

const menu = { providers: { LIVE: [], SLOT: [], TABLE: [], POKER: [], CRASH: [], FISH: [], ARCADE: [], LOTTERY: [], SPORTS: [] }, sports: [] };

function rootData(overrides: Partial<RootData> = {}): RootData {
  return {
    locale: "en",
    layout: "mobile",
    framed: false,
    player: null,
    balance: null,
    site: {
      title: "TestSite",
      mode: "demo",
      logo: "/brand/logo.svg",
      mobileLogo: "/brand/logo-mobile.svg",
      favicon: "/brand/favicon.svg",
      supportMail: "help@example.test",
    },
    toast: null,
    menu,
    back: "/games",
    ...overrides,
  } as RootData;
}

/** A thrown data(null, { status }) as React Router hands it to the error boundary. */
const response = (status: number, data: unknown = null) => ({ status, statusText: status === 404 ? "Not Found" : "Error", internal: false, data });

const routes = [
  {
    id: "root",
    path: "/",
    Component: App,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        id: "routes/admin/layout",
        path: "admin",
        Component: AdminLayout,
        ErrorBoundary: AdminLayoutErrorBoundary,
        children: [{ id: "admin-page", path: "staff", Component: () => null, ErrorBoundary: AdminErrorBoundary }],
      },
      { id: "page", path: "promotions/:id", Component: () => null },
      { id: "routes/not-found", path: "*", Component: NotFound, ErrorBoundary: NotFoundErrorBoundary },
    ],
  },
];

async function render(lng: "en" | "bn", path: string, hydrationData: { loaderData?: Record<string, unknown>; errors?: Record<string, unknown> }) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } });
  const Stub = createRoutesStub(routes as never);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} hydrationData={hydrationData} />
    </I18nextProvider>,
  );
}

const adminStrings = (lng: "en" | "bn") => ({ lng, area: "admin" as const, strings: resources[lng].translation.admin });
const staff = { username: "admin", name: "Admin", role: "admin" as const };

afterEach(() => vi.unstubAllEnvs());

describe("the player 404 page", () => {
  it("is inside the site shell: both headers, logo, language switch, the heading and the ways back", async () => {
    const html = await render("en", "/no-such-page", { loaderData: { root: rootData() }, errors: { "routes/not-found": response(404) } });
    expect(html).toContain('data-testid="mobile-header"');
    expect(html).toContain('data-testid="desktop-header"');
    expect(html).toContain('alt="TestSite"');
    expect(html).toContain('data-testid="language-switch"');
    expect(html).toContain('name="redirectTo" value="/no-such-page"');
    expect(html).toContain('data-testid="guest-toolbar"');
    expect(html).toContain("<title>Page not found — TestSite</title>");
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(html).toContain("The page you are looking for does not exist.");
    expect(html).toContain('data-status="404"');
    expect(html).toMatch(/href="\/games"[^>]*data-testid="error-back"/);
    expect(html).toMatch(/href="\/"[^>]*data-testid="error-home"/);
    expect(html).not.toContain("error-account");
  });

  it("speaks Bangla and offers a logged-in player their account", async () => {
    const html = await render("bn", "/no-such-page", {
      loaderData: {
        root: rootData({ locale: "bn", layout: "desktop", player: { id: 1, username: "rahim01" }, balance: { main: "100.00", bonus: null } }),
      },
      errors: { "routes/not-found": response(404) },
    });
    expect(html).toContain("<title>পাতাটি পাওয়া যায়নি — TestSite</title>");
    expect(html).toMatch(/<h1[^>]*>পাতাটি পাওয়া যায়নি<\/h1>/);
    expect(html).toContain("ফিরে যান");
    expect(html).toContain("ত্রুটি 404");
    expect(html).toMatch(/href="\/account"[^>]*data-testid="error-account"[^>]*>আমার অ্যাকাউন্ট</);
    expect(html).toContain('data-testid="bottom-toolbar"');
    expect(html).not.toMatch(/errors\.[a-zA-Z]/);
  });

  it("a 404 thrown by a page (the root's boundary) is in the shell too", async () => {
    // The server sends a page's error under the id of the route whose boundary shows it (the root's).
    const html = await render("en", "/promotions/999", { loaderData: { root: rootData() }, errors: { root: response(404) } });
    expect(html).toContain('data-testid="mobile-header"');
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
  });
});

describe("the error page", () => {
  it("a failing page: the shell, 'Something went wrong', a stack only in development", async () => {
    const error = new Error("boom: secret detail");
    vi.stubEnv("DEV", false);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const prod = await render("en", "/promotions/1", { loaderData: { root: rootData() }, errors: { root: error } });
    expect(prod).toContain('data-testid="desktop-header"');
    expect(prod).toContain("<title>Something went wrong — TestSite</title>");
    expect(prod).toContain('data-status="500"');
    expect(prod).not.toContain("secret detail");
    vi.stubEnv("DEV", true);
    const dev = await render("en", "/promotions/1", { loaderData: { root: rootData() }, errors: { root: error } });
    expect(dev).toContain('data-testid="error-stack"');
    expect(dev).toContain("secret detail");
  });

  it("the root loader failed (database down): a minimal shell with the site name, language switch and a link home", async () => {
    vi.stubEnv("DEV", false);
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const lng of ["en", "bn"] as const) {
      const html = await render(lng, "/games", { errors: { root: new Error("connection refused") } });
      const heading = lng === "en" ? "Something went wrong" : "কিছু একটা সমস্যা হয়েছে";
      expect(html).toContain(`<title>${heading} — DeshPlay</title>`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html).toContain('alt="DeshPlay"');
      expect(html).toContain('data-testid="language-switch"');
      expect(html).toContain(`name="lng" value="${lng === "en" ? "bn" : "en"}"`);
      expect(html).toMatch(/href="\/"[^>]*data-testid="error-home"/);
      expect(html).not.toContain("connection refused");
    }
  });
});

describe("the back office's 404 and error pages", () => {
  it("an unknown /admin path as staff: the admin header and navigation, the dashboard link", async () => {
    const data: NotFoundData = { admin: { i18n: adminStrings("en"), staff } };
    const html = await render("en", "/admin/no-such", { loaderData: { root: rootData() }, errors: { "routes/not-found": response(404, data) } });
    expect(html).toContain('data-testid="admin-header"');
    expect(html).toContain('href="/admin/staff"');
    expect(html).toContain('data-testid="admin-logout"');
    expect(html).not.toContain('data-testid="mobile-header"');
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(html).toMatch(/href="\/admin"[^>]*data-testid="error-admin-dashboard"/);
    expect(html).toContain("<title>Page not found — TestSite</title>");
  });

  it("as a guest: no navigation, the staff log-in link", async () => {
    const data: NotFoundData = { admin: { i18n: adminStrings("bn"), staff: null } };
    const html = await render("bn", "/admin/no-such", {
      loaderData: { root: rootData({ locale: "bn" }) },
      errors: { "routes/not-found": response(404, data) },
    });
    expect(html).toContain('data-testid="admin-header"');
    expect(html).not.toContain('href="/admin/staff"');
    expect(html).toMatch(/href="\/admin\/login"[^>]*data-testid="error-admin-login"[^>]*>কর্মী লগ-ইন</);
  });

  it("a page's 403 inside the layout, the layout's own failure, and the root's failure under /admin", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const layoutData = { i18n: adminStrings("en"), staff: { ...staff, role: "support" as const } };
    const forbidden = await render("en", "/admin/staff", {
      loaderData: { root: rootData(), "routes/admin/layout": layoutData },
      errors: { "admin-page": response(403) },
    });
    expect(forbidden).toContain('data-testid="admin-forbidden"');
    expect(forbidden).toContain("<title>Access denied — TestSite</title>");
    expect(forbidden).toMatch(/data-testid="error-admin-dashboard"[^>]*>Back to the dashboard</);
    expect(forbidden.match(/<main/g)).toHaveLength(1);

    const layoutFailed = await render("en", "/admin/staff", { loaderData: { root: rootData() }, errors: { "routes/admin/layout": new Error("x") } });
    expect(layoutFailed).toContain('data-testid="admin-header"');
    expect(layoutFailed).toMatch(/TestSite(<!-- -->)? <span/);
    expect(layoutFailed).toContain("Back office");
    expect(layoutFailed).toContain('data-testid="language-switch"');
    expect(layoutFailed).toMatch(/<h1[^>]*>Something went wrong<\/h1>/);
    expect(layoutFailed).not.toMatch(/admin\.[a-z]+\./);

    const rootFailed = await render("en", "/admin", { errors: { root: new Error("x") } });
    expect(rootFailed).toContain('data-testid="admin-header"');
    expect(rootFailed).toMatch(/DeshPlay(<!-- -->)? <span/);
    expect(rootFailed).toMatch(/href="\/admin\/login"[^>]*data-testid="error-admin-login"/);
    expect(rootFailed).not.toContain('data-testid="mobile-header"');
  });
});

describe("the not-found route", () => {
  it("answers 404; under /admin with the admin strings and no staff for a guest", async () => {
    const site = await callRoute({ loader: notFoundLoader } as never, "/no-such-page");
    expect(site.status).toBe(404);
    expect(site.data).toBeNull();
    const admin = await callRoute({ loader: notFoundLoader } as never, "/admin/no-such");
    expect(admin.status).toBe(404);
    const data = admin.data as NotFoundData;
    expect(data?.admin.staff).toBeNull();
    expect(data?.admin.i18n).toEqual({ lng: "en", area: "admin", strings: resources.en.translation.admin });
    // A path that only starts like the back office is the site's.
    expect((await callRoute({ loader: notFoundLoader } as never, "/administrator")).data).toBeNull();
  });
});

describe("backPath", () => {
  const request = (path: string, referer?: string) => new Request(`http://localhost${path}`, { headers: referer ? { referer } : {} });
  it("is the same-site page the browser came from, else home", () => {
    expect(backPath(request("/nope", "http://localhost/games?category=slot"))).toBe("/games?category=slot");
    expect(backPath(request("/nope.data", "http://localhost/fair"))).toBe("/fair");
    expect(backPath(request("/nope"))).toBe("/");
    expect(backPath(request("/nope", "https://evil.example/games"))).toBe("/");
    expect(backPath(request("/nope", "not a url"))).toBe("/");
    // The page itself (after switching its language): home.
    expect(backPath(request("/nope", "http://localhost/nope"))).toBe("/");
    // Never a path the browser would read as another host.
    expect(backPath(request("/nope", "http://localhost//evil.example/x"))).toBe("/");
  });
});
