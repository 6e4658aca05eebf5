// Calls of the seamless wallet made by the in-house games: a refusal becomes a HouseError (thrown inside the
// game's transaction, so the nonce and game rows it wrote roll back with it).
import type { WalletFailure, WalletSuccess } from "../wallet.server.ts";
import { HouseError } from "./errors.ts";
import { refusalMessage } from "#app/modules/protection/index.ts";
import { takaText } from "#app/kernel/money.ts";

export function walletOrThrow(result: WalletSuccess | WalletFailure): WalletSuccess {
  if (result.ok) return result;
  if (result.code === "insufficient_funds") {
    const balance = result.balance === undefined ? "" : takaText(result.balance);
    throw new HouseError("insufficient_funds", `Insufficient balance${balance ? ` (${balance})` : ""} for this stake.`, { balance });
  }
  if (result.code === "limit_exceeded" && result.limit) throw new HouseError("limit_exceeded", result.message, refusalMessage(result.limit).params);
  if (result.code === "player_blocked") throw new HouseError("player_blocked", "Your account cannot place bets.");
  if (result.code === "verification_needed") throw new HouseError("verification_needed", "Complete your verification before playing.");
  throw new HouseError("wallet_refused", result.message || "The bet was refused.");
}
