// The provider adapter: how a game of one provider is launched (a URL the player's browser opens).
import type { Currency } from "#app/modules/players/index.ts";
import type { GameProvider } from "../schema.ts";

export type LaunchDevice = "mobile" | "desktop";
export type LaunchLang = "en" | "bn";

export type AdapterLaunchInput = {
  player: { id: number; username: string; currency: Currency };
  game: { code: string; name: string; type: string };
  provider: GameProvider;
  device: LaunchDevice;
  /** The one-time launch token (plain); the provider identifies the session by it. */
  token: string;
  lang: LaunchLang;
  /** Absolute URL the provider's lobby/exit button returns to. */
  returnUrl: string;
};

export interface GameProviderAdapter {
  launch(input: AdapterLaunchInput): Promise<{ url: string }>;
}

export type LaunchErrorCode = "not_logged_in" | "game_unavailable" | "launch_invalid" | "provider_error" | "unexpected";

/**
 * A launch that cannot go on. `message` is what the player is shown (spec §8: the provider's own message when it
 * sent one, else 'An unexpected error occurred'); never a stack trace or an internal detail.
 */
export class LaunchError extends Error {
  readonly code: LaunchErrorCode;
  readonly status: number;

  constructor(code: LaunchErrorCode, message: string, status: number) {
    super(message);
    this.name = "LaunchError";
    this.code = code;
    this.status = status;
  }
}

export const UNEXPECTED_LAUNCH_ERROR = "An unexpected error occurred";

export const isLaunchError = (e: unknown): e is LaunchError => e instanceof LaunchError;
