import type { RouterContextProvider } from "react-router";
import { getInstance } from "./i18n.server.ts";
import { type MessageKey, type MessageParams, translateWith } from "./message.ts";

/** A catalogue message in the request's language, for text the server writes (titles, notices, labels). */
export function translate(context: Readonly<RouterContextProvider>, key: MessageKey, params?: MessageParams): string {
  return translateWith(getInstance(context).t, { key, params });
}

/** translate bound to a request, for a loader or action that writes several texts. */
export function translator(context: Readonly<RouterContextProvider>) {
  return (key: MessageKey, params?: MessageParams) => translate(context, key, params);
}
