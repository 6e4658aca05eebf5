// SMS and e-mail texts of the profile's verifications, in English and Bangla together (the outbox does not know
// the reader's language).
import bn from "#app/i18n/locales/bn/profile.ts";
import en from "#app/i18n/locales/en/profile.ts";

type MessageKey = keyof typeof en.messages;

const fill = (template: string, vars: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));

/** The message in both languages: English first, then Bangla (e-mail bodies separated by a blank line). */
export function profileText(key: MessageKey, vars: Record<string, string | number>) {
  const separator = key === "sms" ? "\n" : key === "emailSubject" ? " / " : "\n\n";
  return `${fill(en.messages[key], vars)}${separator}${fill(bn.messages[key], vars)}`;
}
