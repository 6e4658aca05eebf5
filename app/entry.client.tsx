import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { fallbackLanguage, isLanguage } from "./i18n/config.ts";

async function main() {
  const htmlLang = document.documentElement.lang;
  const lng = isLanguage(htmlLang) ? htmlLang : fallbackLanguage;
  // Only the page's own language is downloaded; each catalogue is its own cached chunk.
  const catalogue = lng === "bn" ? await import("./i18n/locales/bn/client.ts") : await import("./i18n/locales/en/client.ts");
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { translation: catalogue.default } },
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

main().catch(console.error);
