// Launch tokens and game sessions, shared by the launch code and the seamless wallet (which cannot import
// launch.server.ts: that reaches the wallet through the adapters). Only a token's SHA-256 is stored.
import { createHash } from "node:crypto";

export const hashLaunchToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * How long a game session lasts after its launch was opened in /gamerun: the provider's bets with the launch
 * token are accepted for this long (the simulated aggregator's page too); wins and rollbacks of rounds bet
 * in it are accepted after it.
 */
export const GAME_SESSION_HOURS = 12;
