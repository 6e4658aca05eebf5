import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { resources } from "#app/i18n/i18n.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { ErrorList } from "./Field.tsx";

async function render(lng: "en" | "bn", errors: string[]) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <ErrorList errors={errors} id="e" />
    </I18nextProvider>,
  );
}

describe("ErrorList", () => {
  it("translates catalogue keys of any area and tokens with values, each message once", async () => {
    const token = messageToken("errors.tooManyAttempts", { minutes: 15 });
    const html = await render("en", ["errors.usernameRequired", "house.errors.stakeFormat", "house.errors.stakeFormat", token]);
    expect(html).toContain(resources.en.translation.errors.usernameRequired);
    expect(html).toContain(resources.en.translation.house.errors.stakeFormat);
    expect(html.split(resources.en.translation.house.errors.stakeFormat).length).toBe(2);
    expect(html).toContain(resources.en.translation.errors.tooManyAttempts.replace("{{minutes}}", "15"));
    expect(await render("bn", ["crash.errors.stakeFormat"])).toContain(resources.bn.translation.crash.errors.stakeFormat);
    expect(await render("bn", [token])).toContain(resources.bn.translation.errors.tooManyAttempts.replace("{{minutes}}", "15"));
  });

  it("renders nothing without errors", async () => {
    expect(await render("en", [])).toBe("");
  });
});
