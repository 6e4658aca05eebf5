import type { RouterContextProvider } from "react-router";
import { getLocale, resources } from "./i18n.server.ts";
import { isLanguage } from "./config.ts";
import { parseMessageToken, replyMessages } from "./message.ts";

type Translation = (typeof resources)["en"]["translation"];
export const routeAreas = [
  "pages",
  "admin",
  "adminPayments",
  "casino",
  "gamerun",
  "house",
  "crash",
  "records",
  "adminGames",
  "profile",
  "vip",
  "referral",
  "adminContent",
  "protectionLimits",
  "protectionExclusion",
  "protectionReality",
  "identity",
  "risk",
  "exchange",
  "adminExchange",
  "adminExports",
  "adminPlayers",
  "adminDashboard",
  "adminReports",
  "races",
] as const;
export type RouteArea = (typeof routeAreas)[number];
const isRouteArea = (value: string): value is RouteArea => (routeAreas as readonly string[]).includes(value);
export type AreaBundle<A extends RouteArea = RouteArea> = { lng: string; area: A; strings: Translation[A] };

/** The strings of one route-scoped area in the request's language, for the route's loader to return. */
export function areaBundle<A extends RouteArea>(context: Readonly<RouterContextProvider>, area: A): AreaBundle<A> {
  const locale = getLocale(context);
  const lng = isLanguage(locale) ? locale : "en";
  return { lng, area, strings: resources[lng].translation[area] as Translation[A] };
}

function textOf(key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      resources.en.translation,
    );
}

/** The route areas whose strings these messages use: each key's own area and the areas of keys it nests with $t(). */
export function messageAreas(tokens: readonly string[] | null | undefined): RouteArea[] {
  const needed = new Set<RouteArea>();
  const visit = (key: string, depth: number) => {
    const area = key.split(".", 1)[0]!;
    if (isRouteArea(area)) needed.add(area);
    const text = textOf(key);
    if (depth < 3 && typeof text === "string") for (const [, nested] of text.matchAll(/\$t\(([\w.]+)/g)) visit(nested!, depth + 1);
  };
  for (const token of tokens ?? []) visit(parseMessageToken(token).key, 0);
  return [...needed];
}

/**
 * The strings a form's error messages need in the browser (messageAreas): an action returns them beside its errors
 * (`areas`) and the page adds them with useArea, so a refusal worded in another area (a limit refusal on a game
 * page, an exclusion on the log-in page) shows its text there too.
 */
export function areasFor(context: Readonly<RouterContextProvider>, tokens: readonly string[] | null | undefined): AreaBundle[] {
  return messageAreas(tokens).map((area) => areaBundle(context, area));
}

/** areasFor over every message of a conform reply (its form and field errors). */
export function replyAreas(context: Readonly<RouterContextProvider>, reply: { error?: Record<string, string[] | null> | null }): AreaBundle[] {
  return areasFor(context, replyMessages(reply));
}
