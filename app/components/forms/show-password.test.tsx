// "Show password" needs JavaScript: the server's HTML (what a browser without JavaScript keeps) has no toggle that
// would do nothing; it appears once the page has hydrated.
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { resources } from "#app/i18n/i18n.server.ts";
import Login from "#app/routes/auth/login.tsx";
import { ShowPassword } from "./ShowPassword.tsx";

async function render(lng: "en" | "bn", element: React.ReactNode) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } });
  const Stub = createRoutesStub([{ path: "/login", Component: () => element }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/login"]} />
    </I18nextProvider>,
  );
}

const loginData = { redirectTo: "", title: "Log in", sessionEnded: null, notice: null, constraint: {} };
type LoginProps = Parameters<typeof Login>[0];

it("the log-in page's server HTML has the password field but no 'Show password' toggle", async () => {
  for (const lng of ["en", "bn"] as const) {
    const html = await render(
      lng,
      <Login {...({ loaderData: loginData, actionData: undefined, params: {}, matches: [] } as unknown as LoginProps)} />,
    );
    expect(html).toContain('type="password"');
    expect(html).not.toContain(resources[lng].translation.auth.login.showPassword);
    expect(html).not.toContain('type="checkbox"');
  }
});

it("the toggle renders nothing before hydration", async () => {
  expect(await render("en", <ShowPassword checked={false} onChange={() => {}} label="Show password" />)).toBe("");
});
