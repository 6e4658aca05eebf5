import i18next from "i18next";
import en from "#app/i18n/locales/en/index.ts";

// The JSON API answers in English whatever the caller's language cookie says, so it has its own instance.
const i18n = i18next.createInstance();
void i18n.init({
  lng: "en",
  fallbackLng: false,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

const translate = i18n.t.bind(i18n) as unknown as (key: string, params?: Record<string, unknown>) => string;

/** The English text of an i18n key ("errors.passwordRequired"). Anything that is not a known key (a library's own
 *  message, such as zod's type errors) becomes the generic "This value is not valid." */
export function english(key: string, params?: Record<string, unknown>): string {
  return i18n.exists(key) ? translate(key, params) : translate("api.invalidValue");
}
