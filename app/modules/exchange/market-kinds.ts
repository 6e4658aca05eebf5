// The market kinds, by the id the database stores (exchange_markets.kind): what each kind does is in its file in
// kinds/ (kinds/kind.ts says what a kind supplies). Pure and safe for the browser: the bet slip and the trader's page
// look kinds up here too. A new kind: its file, its entry below (the type makes the entry required once its id is
// in schema.ts's marketKinds, with the migration of the column's check), and its i18n strings.
import { bookmaker } from "./kinds/bookmaker.ts";
import { fancy } from "./kinds/fancy.ts";
import type { MarketKindSpec, RiskInput } from "./kinds/kind.ts";
import { matchOdds } from "./kinds/match-odds.ts";
import type { MarketKind } from "./schema.ts";

export type { BetSide, MarketKindSpec } from "./kinds/kind.ts";
export { bookmakerPosition } from "./kinds/bookmaker.ts";
export { fancyPosition } from "./kinds/fancy.ts";

const KINDS: { readonly [K in MarketKind]: MarketKindSpec & { id: K } } = {
  match_odds: matchOdds as MarketKindSpec & { id: "match_odds" },
  bookmaker: bookmaker as MarketKindSpec & { id: "bookmaker" },
  fancy: fancy as MarketKindSpec & { id: "fancy" },
};

export function marketKind(kind: MarketKind): MarketKindSpec {
  return KINDS[kind];
}

/** The kinds matching these flags, for queries over markets ("every quoted kind": `kindsWhere({ hasBook: false })`). */
export function kindsWhere(flags: Partial<Pick<MarketKindSpec, "hasBook" | "hasRunners">>): MarketKind[] {
  return Object.values(KINDS)
    .filter(
      (k) => (flags.hasBook === undefined || k.hasBook === flags.hasBook) && (flags.hasRunners === undefined || k.hasRunners === flags.hasRunners),
    )
    .map((k) => k.id);
}

/**
 * What a bet risks, the figure a player's stake and loss limits count: the stake of a back or yes bet, what the lay or
 * no side risks otherwise (its kind's `layRisk`), over the part not cancelled.
 */
export function stakeAtRisk(o: RiskInput & { kind: MarketKind }): bigint {
  if (o.side === "back" || o.side === "yes") return o.size - o.cancelled;
  return marketKind(o.kind).layRisk(o);
}
