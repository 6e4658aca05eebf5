import type { RouterContextProvider } from "react-router";
import { getLocale, resources } from "./i18n.server.ts";
import { isLanguage } from "./config.ts";

type Translation = (typeof resources)["en"]["translation"];
export type RouteArea =
  | "pages"
  | "admin"
  | "adminPayments"
  | "casino"
  | "gamerun"
  | "house"
  | "crash"
  | "records"
  | "adminGames"
  | "profile"
  | "vip"
  | "referral"
  | "adminContent"
  | "rgLimits"
  | "rgExclusion"
  | "rgReality"
  | "identity"
  | "risk";
export type AreaBundle<A extends RouteArea = RouteArea> = { lng: string; area: A; strings: Translation[A] };

/** The strings of one route-scoped area in the request's language, for the route's loader to return. */
export function areaBundle<A extends RouteArea>(context: Readonly<RouterContextProvider>, area: A): AreaBundle<A> {
  const locale = getLocale(context);
  const lng = isLanguage(locale) ? locale : "en";
  return { lng, area, strings: resources[lng].translation[area] as Translation[A] };
}
