// The registry of in-house games: both halves list the same games, each game's code, page and catalogue entry agree,
// and the shared places it feeds (verifier, "how it works", record link) come out as the site has always shown them.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { gameCode } from "../seed.server.ts";
import { HOUSE_PLATFORM } from "../types.ts";
import { fairHowKeys, houseGame, houseGames, verifierFields, verifierGames, verifyLink } from "./registry.ts";
import { houseServerGames } from "./registry.server.ts";

it("lists the same games in both halves, each with a matching code, a routed page and a unique id", () => {
  expect(houseGames.map((g) => g.id)).toEqual(["crash", "dice", "mines"]);
  expect(Object.values(houseServerGames).map((s) => s.game)).toEqual(houseGames);
  expect(Object.keys(houseServerGames)).toEqual(houseGames.map((g) => g.id));
  const routes = readFileSync(new URL("../../../routes.ts", import.meta.url), "utf8");
  for (const g of houseGames) {
    expect(g.code).toBe(gameCode(HOUSE_PLATFORM, g.catalogue));
    expect(routes).toContain(`route("${g.path.slice(1)}", `);
    expect(houseGame(g.id)).toBe(g);
  }
  expect(houseGame("poker")).toBeUndefined();
  expect(houseGame(undefined)).toBeUndefined();
});

it("gives the verifier its games, fields and explanations in the page's order", () => {
  expect(verifierGames.map((g) => g.id)).toEqual(["dice", "mines", "crash"]);
  expect(verifierFields.map((f) => f.name)).toEqual(["serverSeed", "clientSeed", "nonce", "algorithm", "mines", "hash", "salt", "gameNumber"]);
  expect(fairHowKeys).toEqual(["bytes", "floats", "dice", "mines", "seeds", "crash"].map((k) => `house.fair.how.${k}`));
});

it("links a round to the verifier only with what recomputes it", () => {
  const seed = { clientSeed: "c", nonce: 4 };
  // A round recorded before pairs kept an algorithm version was played under version 1.
  expect(verifyLink({ game: "dice", ...seed }, "s")).toBe("/fair?game=dice&serverSeed=s&clientSeed=c&nonce=4&algorithm=1#verifier");
  expect(verifyLink({ game: "dice", ...seed, algorithm: 2 }, "s")).toBe("/fair?game=dice&serverSeed=s&clientSeed=c&nonce=4&algorithm=2#verifier");
  expect(verifyLink({ game: "mines", ...seed, mines: 3, algorithm: 2 }, "s")).toBe(
    "/fair?game=mines&serverSeed=s&clientSeed=c&nonce=4&algorithm=2&mines=3#verifier",
  );
  expect(verifyLink({ game: "dice", ...seed }, null)).toBeNull();
  expect(verifyLink({ game: "crash", hash: "h", salt: "x" }, null)).toBe("/fair?game=crash&hash=h&salt=x#verifier");
  expect(verifyLink({ game: "crash", hash: "h", salt: "x", gameNumber: 12 }, null)).toBe("/fair?game=crash&hash=h&salt=x&gameNumber=12#verifier");
  expect(verifyLink({ game: "crash", gameNumber: 3 }, null)).toBeNull();
  expect(verifyLink({ game: "poker", ...seed }, "s")).toBeNull();
  expect(verifyLink(null, "s")).toBeNull();
});

it("says what multiplier a won round paid, in each game's own precision", () => {
  expect(houseGame("dice")!.winMultiplier({ multiplier: 19800 })).toBe("1.9800");
  expect(houseGame("mines")!.winMultiplier({ multiplier: 247500 })).toBe("24.7500");
  expect(houseGame("crash")!.winMultiplier({ cashoutAt: 123456 })).toBe("1,234.56");
  for (const game of houseGames) expect(game.winMultiplier({})).toBeNull();
  expect(houseGame("dice")!.winMultiplier({ multiplier: "19800" })).toBeNull();
});
