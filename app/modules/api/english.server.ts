import i18next from "i18next";
import en from "#app/i18n/locales/en/index.ts";
import { type MessageKey, type MessageParams, translateWith } from "#app/i18n/message.ts";

// The JSON API answers in English whatever the caller's language cookie says, so it has its own instance.
const i18n = i18next.createInstance();
void i18n.init({
  lng: "en",
  fallbackLng: false,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The English text of an i18n key ("errors.passwordRequired"). Anything that is not a known key (a library's own
 *  message, such as zod's type errors) becomes the generic "This value is not valid." */
export function english(key: string, params?: Record<string, unknown>): string {
  return translateWith(i18n.t, i18n.exists(key) ? { key: key as MessageKey, params: params as MessageParams } : { key: "api.invalidValue" });
}
