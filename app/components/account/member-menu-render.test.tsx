// The member centre's verification tips and member menu as the server renders them.
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { resources } from "#app/i18n/i18n.server.ts";
import { AccountMenu } from "./AccountMenu.tsx";
import { VerificationTips } from "./VerificationTips.tsx";

async function render(element: React.ReactNode) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: "en", resources, interpolation: { escapeValue: false } });
  const Stub = createRoutesStub([{ path: "/account", Component: () => element }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/account"]} />
    </I18nextProvider>,
  );
}

it("says withdrawals wait only while the birthday or the phone is missing", async () => {
  const both = await render(<VerificationTips missing={["birthday", "phone", "email"]} />);
  expect(both).toContain("Withdrawals need your birthday and a verified phone number.");
  const emailOnly = await render(<VerificationTips missing={["email"]} />);
  expect(emailOnly).not.toContain("Withdrawals need");
  expect(emailOnly).toContain("A verified e-mail address makes your account Safe");
  expect(await render(<VerificationTips missing={[]} />)).not.toContain("verification-tips");
});

it("shows the player's VP beside VIP as a figure, also at zero", async () => {
  const html = await render(<AccountMenu badges={{ vipPoints: "0" }} />);
  expect(html).toMatch(/data-testid="menu-badge-vipPoints"[^>]*>0 VP</);
  expect(await render(<AccountMenu badges={{ vipPoints: "12.50" }} />)).toContain("12.50 VP");
  expect(await render(<AccountMenu />)).not.toContain("menu-badge-vipPoints");
});

it("links the responsible-gaming tools from the member menu", async () => {
  expect(await render(<AccountMenu />)).toMatch(/href="\/account\/responsible-gaming"[^>]*>.*Responsible Gaming/);
});
