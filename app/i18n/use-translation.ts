// useTranslation for every component on the server (the browser bundle gets app/i18n/browser's small one instead,
// see vite.config.ts). A page renders once, in one language, so react-i18next's subscription and the copy of the
// i18next instance it makes on every call (7 % of a page's server time) are of no use: each request's instance hands
// every component the same { t, i18n }.
import { useContext } from "react";
import { getI18n, I18nContext, useTranslation as useReactTranslation, type UseTranslationResponse } from "react-i18next";
import type { i18n as I18n } from "i18next";

const forInstance = new WeakMap<I18n, { language: string; response: UseTranslationResponse<"translation", undefined> }>();

function useServerTranslation(): UseTranslationResponse<"translation", undefined> {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const cached = forInstance.get(i18n);
  if (cached && cached.language === i18n.language) return cached.response;
  const t = i18n.getFixedT(i18n.language, "translation");
  const response = Object.assign([t, i18n, true] as const, { t, i18n, ready: true }) as unknown as UseTranslationResponse<"translation", undefined>;
  forInstance.set(i18n, { language: i18n.language, response });
  return response;
}

// Without Vite (a script on plain Node, e.g. bench:crash-sse's server) there is no import.meta.env: that is a server too.
export const useTranslation = ((import.meta.env?.SSR ?? true) ? useServerTranslation : useReactTranslation) as () => UseTranslationResponse<
  "translation",
  undefined
>;
