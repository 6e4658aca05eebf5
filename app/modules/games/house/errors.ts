// Refusals of the in-house games. `code` names the string in the house locale area (house.errors.<code>);
// params fill its placeholders (amounts are already formatted taka).
import { DomainError } from "#app/kernel/domain-error.ts";
export type HouseErrorCode =
  | "game_unavailable"
  | "stake_invalid"
  | "stake_range"
  | "target_invalid"
  | "direction_invalid"
  | "insufficient_funds"
  | "player_blocked"
  | "limit_exceeded"
  | "verification_needed"
  | "wallet_refused"
  | "mines_invalid"
  | "mines_in_play"
  | "no_mines_game"
  | "mines_game_ended"
  | "tile_invalid"
  | "tile_revealed"
  | "nothing_revealed"
  | "client_seed_invalid"
  | "chain_source_invalid"
  | "chain_salt_invalid"
  | "chain_salt_fixed"
  | "autobet_invalid"
  | "reality_check_due";

export class HouseError extends DomainError<HouseErrorCode> {
  declare readonly params: Record<string, string>;

  constructor(code: HouseErrorCode, message: string, params: Record<string, string> = {}) {
    super(code, `house.errors.${code}`, { params, detail: message });
    this.name = "HouseError";
  }
}

export const isHouseError = (e: unknown): e is HouseError => e instanceof HouseError;
