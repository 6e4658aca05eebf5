import i18next from "i18next";
import en from "#app/i18n/locales/en/index.ts";
import { type MessageKey, type MessageParams, parseMessageToken, translateWith } from "#app/i18n/message.ts";

// The JSON API answers in English whatever the caller's language cookie says, so it has its own instance.
const i18n = i18next.createInstance();
void i18n.init({
  lng: "en",
  fallbackLng: false,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The English text of a catalogue message. */
export function english(key: MessageKey, params?: MessageParams): string {
  return translateWith(i18n.t, { key, params });
}

/** The English text of a message token that came from outside the catalogue's types (a zod issue's message, which is
 *  a catalogue key for our schemas but a library's own sentence for zod's type errors): anything that is not a known
 *  key becomes the generic "This value is not valid." */
export function englishToken(token: string): string {
  const message = parseMessageToken(token);
  return translateWith(i18n.t, i18n.exists(message.key) ? message : { key: "api.invalidValue" });
}
