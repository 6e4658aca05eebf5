export const supportedLanguages = ["en", "bn"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return supportedLanguages.includes(value as Language);
}
