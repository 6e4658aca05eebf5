// The HTTP aggregator adapter: asks the provider's server for a launch URL.
// POST {baseUrl}/launch with a JSON body, signed like the seamless-wallet calls: X-Signature = hex
// HMAC-SHA256(secret, `${timestamp}.${body}`), X-Timestamp = unix seconds. 5 s time-out. The answer must be
// { url } with an http(s) URL; any failure becomes a LaunchError with the provider's message or the spec's
// 'An unexpected error occurred'.
import { log as rootLog } from "#app/kernel/log.server.ts";
import { signProviderRequest } from "./sign.ts";
import { LaunchError, UNEXPECTED_LAUNCH_ERROR, type AdapterLaunchInput, type GameProviderAdapter } from "./types.ts";

const log = rootLog.child({ module: "games" });
export const LAUNCH_TIMEOUT_MS = 5_000;
const MAX_MESSAGE_LENGTH = 300;

const unexpected = () => new LaunchError("unexpected", UNEXPECTED_LAUNCH_ERROR, 502);

function launchBody({ player, game, provider, device, lang, token, returnUrl }: AdapterLaunchInput) {
  return JSON.stringify({
    operatorId: provider.operatorId,
    playerId: String(player.id),
    username: player.username,
    currency: player.currency,
    gameCode: game.code,
    device,
    lang,
    token,
    returnUrl,
  });
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The provider's own error text, when it sent one that can be shown. */
function providerMessage(json: unknown): string | undefined {
  const message = (json as { message?: unknown } | undefined)?.message;
  if (typeof message !== "string") return undefined;
  const text = message.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return text ? text.slice(0, MAX_MESSAGE_LENGTH) : undefined;
}

function launchUrl(json: unknown): string | undefined {
  const url = (json as { url?: unknown } | undefined)?.url;
  if (typeof url !== "string") return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export const httpAggregatorAdapter: GameProviderAdapter = {
  async launch(input) {
    const body = launchBody(input);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const endpoint = `${input.provider.baseUrl.trim().replace(/\/+$/, "")}/launch`;
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "X-Timestamp": timestamp,
          "X-Signature": signProviderRequest(input.provider.secret, body, timestamp),
        },
        body,
        signal: AbortSignal.timeout(LAUNCH_TIMEOUT_MS),
        redirect: "error",
      });
    } catch (e) {
      log.warn(`launch at ${input.provider.platform} failed: ${(e as Error).name}`);
      throw unexpected();
    }
    const json = await readJson(response);
    if (!response.ok) {
      log.warn(`launch at ${input.provider.platform} refused: HTTP ${response.status}`);
      const message = providerMessage(json);
      throw message ? new LaunchError("provider_error", message, 502) : unexpected();
    }
    const url = launchUrl(json);
    if (!url) {
      log.warn(`launch at ${input.provider.platform}: no usable url in the answer`);
      throw unexpected();
    }
    return { url };
  },
};
