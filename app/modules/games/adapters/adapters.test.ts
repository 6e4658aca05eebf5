// The provider adapters. The HTTP aggregator adapter runs against msw handlers that behave like a real
// aggregator (tests/mocks/aggregator.ts): signature and time-stamp checks, errors, time-outs, bad answers.
import { afterEach, describe, expect, it } from "vitest";
import { AGGREGATOR_BASE_URL, AGGREGATOR_OPERATOR_ID, AGGREGATOR_SECRET, aggregatorLaunches, setAggregatorMode } from "#tests/mocks/aggregator.ts";
import type { GameProvider } from "../schema.ts";
import { adapterFor, type AdapterLaunchInput, isLaunchError, LaunchError } from "./index.ts";
import { houseAdapter } from "./house.ts";
import { httpAggregatorAdapter } from "./http.server.ts";
import { simulatedAggregatorAdapter } from "./simulated.ts";
import { expectedLogs } from "#tests/kit/logs.ts";

function providerRow(values: Partial<GameProvider> = {}): GameProvider {
  const now = new Date();
  return {
    id: 1,
    platform: "AGGT",
    name: "Aggregator",
    kind: "aggregator",
    filterId: null,
    icon: "",
    baseUrl: AGGREGATOR_BASE_URL,
    operatorId: AGGREGATOR_OPERATOR_ID,
    secret: AGGREGATOR_SECRET,
    secretPrevious: null,
    status: "active",
    sortOrder: 0,
    createdAt: now,
    updatedAt: now,
    ...values,
  };
}

const token = "t".repeat(43);
const input = (provider: GameProvider, code = "AGGT-SLOT-LUCKY"): AdapterLaunchInput => ({
  player: { id: 42, username: "rahim", currency: "BDT" },
  game: { code, name: "Lucky", type: "SLOT" },
  provider,
  device: "mobile",
  token,
  lang: "bn",
  returnUrl: "http://localhost:3000/slot",
});

async function launchError(promise: Promise<unknown>): Promise<LaunchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isLaunchError(error)).toBe(true);
  return error as LaunchError;
}

afterEach(() => setAggregatorMode("ok"));

describe("adapterFor", () => {
  it("picks house, the HTTP aggregator with a base URL, the simulated aggregator without one", () => {
    expect(adapterFor(providerRow({ kind: "house", baseUrl: "" }))).toBe(houseAdapter);
    expect(adapterFor(providerRow())).toBe(httpAggregatorAdapter);
    expect(adapterFor(providerRow({ baseUrl: "" }))).toBe(simulatedAggregatorAdapter);
    expect(adapterFor(providerRow({ baseUrl: "   " }))).toBe(simulatedAggregatorAdapter);
  });

  it("house games open our own pages; an unknown house code is an unexpected error", async () => {
    const house = providerRow({ kind: "house", platform: "HOUSE", baseUrl: "" });
    expect(await houseAdapter.launch(input(house, "HOUSE-ARCADE-DICE"))).toEqual({ url: "/house/dice" });
    expect(await houseAdapter.launch(input(house, "HOUSE-ARCADE-MINES"))).toEqual({ url: "/house/mines" });
    expect(await houseAdapter.launch(input(house, "HOUSE-CRASH-CRASH"))).toEqual({ url: "/house/crash" });
    const e = await launchError(houseAdapter.launch(input(house, "HOUSE-SLOT-NOPE")));
    expect(e.message).toBe("An unexpected error occurred");
  });

  it("the simulated aggregator's session URL carries the launch token", async () => {
    const { url } = await simulatedAggregatorAdapter.launch(input(providerRow({ baseUrl: "" })));
    expect(url).toBe(`/sim-aggregator/play?session=${token}`);
  });
});

describe("HTTP aggregator adapter", () => {
  it("sends a signed launch request with the player, game and device and returns the provider's URL", async () => {
    const before = aggregatorLaunches.length;
    const { url } = await httpAggregatorAdapter.launch(input(providerRow()));
    expect(url).toBe(`https://games.aggregator.test/play/AGGT-SLOT-LUCKY?token=${token}&lang=bn`);
    expect(aggregatorLaunches.slice(before)).toEqual([
      {
        operatorId: AGGREGATOR_OPERATOR_ID,
        playerId: "42",
        username: "rahim",
        currency: "BDT",
        gameCode: "AGGT-SLOT-LUCKY",
        device: "mobile",
        lang: "bn",
        token,
        returnUrl: "http://localhost:3000/slot",
      },
    ]);
  });

  it("a trailing slash on the base URL does not matter", async () => {
    const { url } = await httpAggregatorAdapter.launch(input(providerRow({ baseUrl: `${AGGREGATOR_BASE_URL}/` })));
    expect(url).toMatch(/^https:\/\/games\.aggregator\.test\/play\//);
  });

  it("a wrong secret is refused by the aggregator and its message is passed on", async () => {
    const logs = expectedLogs();
    const e = await launchError(httpAggregatorAdapter.launch(input(providerRow({ secret: "not-the-secret" }))));
    expect(e).toMatchObject({ code: "provider_error", message: "Invalid signature", status: 502 });
    expect(logs.messages("warn")).toEqual(["launch at AGGT refused: HTTP 401"]);
  });

  it("passes on the provider's message of a 500 and of a 400", async () => {
    const logs = expectedLogs();
    setAggregatorMode("server_error");
    expect(await launchError(httpAggregatorAdapter.launch(input(providerRow())))).toMatchObject({
      code: "provider_error",
      message: "Game server is under maintenance",
    });
    setAggregatorMode("bad_request");
    expect(await launchError(httpAggregatorAdapter.launch(input(providerRow())))).toMatchObject({
      code: "provider_error",
      message: "Game is not available for this operator",
    });
    expect(logs.messages("warn")).toEqual(["launch at AGGT refused: HTTP 500", "launch at AGGT refused: HTTP 400"]);
  });

  it("malformed JSON, an answer without url and a non-http url are unexpected errors", async () => {
    const logs = expectedLogs();
    for (const mode of ["malformed", "no_url", "bad_url"] as const) {
      setAggregatorMode(mode);
      const e = await launchError(httpAggregatorAdapter.launch(input(providerRow())));
      expect(e).toMatchObject({ code: "unexpected", message: "An unexpected error occurred", status: 502 });
      expect(e.stack ?? "").not.toContain("SyntaxError");
    }
    expect(logs.messages("warn")).toEqual(Array(3).fill("launch at AGGT: no usable url in the answer"));
  });

  it("gives up after 5 seconds with the unexpected error", async () => {
    const logs = expectedLogs();
    setAggregatorMode("slow");
    const started = Date.now();
    const e = await launchError(httpAggregatorAdapter.launch(input(providerRow())));
    expect(e).toMatchObject({ code: "unexpected", message: "An unexpected error occurred" });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(4_900);
    expect(took).toBeLessThan(5_900);
    expect(logs.messages("warn")).toEqual(["launch at AGGT failed: TimeoutError"]);
  }, 15_000);
});
