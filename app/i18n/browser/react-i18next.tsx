// The browser's react-i18next for BrowserI18n (see i18next.ts): a provider and useTranslation, nothing else.
import { createContext, type ReactNode, useContext } from "react";
import i18next, { type BrowserI18n } from "./i18next.ts";

const I18nContext = createContext<BrowserI18n>(i18next);

export const initReactI18next = { type: "3rdParty" as const, init() {} };

export function I18nextProvider({ i18n, children }: { i18n: BrowserI18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation() {
  const i18n = useContext(I18nContext);
  return { t: i18n.t, i18n, ready: true };
}
