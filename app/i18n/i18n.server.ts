import { createCookie } from "react-router";
import { getEnv } from "#app/config/env.server.ts";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { fallbackLanguage, supportedLanguages } from "./config.ts";
import bn from "./locales/bn/index.ts";
import en from "./locales/en/index.ts";

export const resources = { en: { translation: en }, bn: { translation: bn } };

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: getEnv().PUBLIC_URL.startsWith("https:"),
  maxAge: 365 * 86_400,
});

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
  i18next: { resources, interpolation: { escapeValue: false } },
  plugins: [initReactI18next],
});
