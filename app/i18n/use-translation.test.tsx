import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { resources } from "./i18n.server.ts";
import { useTranslation } from "./use-translation.ts";

async function instance(lng: "en" | "bn") {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } });
  return i18n;
}

describe("useTranslation on the server", () => {
  it("translates in the request's language, and every component of one render shares one answer", async () => {
    const seen: unknown[] = [];
    function Title() {
      const translation = useTranslation();
      seen.push(translation);
      return <b>{translation.t("home.favourites")}</b>;
    }
    const render = (i18n: Awaited<ReturnType<typeof instance>>) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Title />
          <Title />
        </I18nextProvider>,
      );
    const en = await instance("en");
    expect(render(en)).toBe(`<b>${resources.en.translation.home.favourites}</b><b>${resources.en.translation.home.favourites}</b>`);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]).toMatchObject({ i18n: en, ready: true });

    // Another request's instance (another language) gets its own.
    expect(render(await instance("bn"))).toContain(resources.bn.translation.home.favourites);
    expect(seen[2]).not.toBe(seen[0]);
    // The same instance after a language change: a new t.
    await en.changeLanguage("bn");
    expect(render(en)).toContain(resources.bn.translation.home.favourites);
  });
});
