// /gamerun and the simulated provider's page rendered on the server the way a phone without JavaScript gets them.
import { expect, it } from "vitest";
import GameRun from "./gamerun.tsx";
import SimAggregator from "./sim-aggregator.tsx";
import { renderRoute } from "#tests/support/render-route.tsx";

const reality = { dueAt: null, dueInMs: null, area: undefined };
const game = { code: "KA-SLOT-GOLDEN-TIGER", name: "Golden Tiger", poster: "/demo/posters/x.svg", type: "SLOT" };

it("renders the Play form, the running game and a spent link in English and Bangla", async () => {
  const ready = await renderRoute("en", "/gamerun?code=KA-SLOT-GOLDEN-TIGER", GameRun, {
    title: "x",
    area: undefined,
    view: { kind: "ready", game, from: "/slot" },
    balance: null,
    reality,
  });
  expect(ready).toContain('method="post"');
  expect(ready).toContain('name="code" value="KA-SLOT-GOLDEN-TIGER"');
  expect(ready).toContain('name="from" value="/slot"');
  expect(ready).toContain(">Play<");

  const url = "https://games.aggregator.test/play/KA?token=abc&amp;lang=en";
  const playing = await renderRoute("bn", "/gamerun?launch=x", GameRun, {
    title: "x",
    area: undefined,
    view: { kind: "playing", game, url: "https://games.aggregator.test/play/KA?token=abc&lang=en", close: "/slot" },
    balance: { main: "1,250.00", bonus: null },
    reality,
  });
  expect(playing).toContain(`src="${url}"`);
  expect(playing).toContain('sandbox="allow-scripts allow-same-origin allow-forms allow-popups"');
  expect(playing).toContain("allowFullScreen");
  expect(playing).toContain('href="/slot"');
  expect(playing).toContain("৳1,250.00");
  expect(playing).toContain("বন্ধ করুন");

  const spent = await renderRoute("en", "/gamerun?launch=x", GameRun, {
    title: "x",
    area: undefined,
    view: { kind: "invalid", game, from: "/games" },
    balance: null,
    reality,
  });
  expect(spent).toContain("This game link has expired or was already used.");
  expect(spent).toContain(">Play again<");

  const failed = await renderRoute(
    "en",
    "/gamerun?code=KA-SLOT-GOLDEN-TIGER",
    GameRun,
    { title: "x", area: undefined, view: { kind: "ready", game, from: "/slot" }, balance: null, reality },
    { error: "An unexpected error occurred" },
  );
  expect(failed).toContain("An unexpected error occurred");
  for (const html of [ready, playing, spent, failed]) expect(html).not.toMatch(/gamerun\.[a-z]|protectionReality\./);
  for (const html of [ready, playing, spent, failed]) expect(html).toContain('data-testid="game-rg-link"');
});

it("renders the simulated provider's game with its Spin form and a result", async () => {
  const loaderData = { title: "x", area: undefined, game: { name: "Golden Tiger", min: "৳10.00", max: "৳25,000.00" }, balance: "৳500.00" };
  const html = await renderRoute("en", "/sim-aggregator/play?session=s", SimAggregator, loaderData, {
    result: undefined,
    spin: { roundId: "sim-1", win: true, payout: "৳50.00", multiplier: "5", balance: "৳540.00" },
  });
  expect(html).toContain('method="post"');
  expect(html).toContain('name="stake"');
  expect(html).toContain("You won ৳50.00 (5×)");
  expect(html).toContain("৳540.00");
  const bn = await renderRoute("bn", "/sim-aggregator/play?session=s", SimAggregator, { ...loaderData, game: null, balance: null });
  expect(bn).toContain("এই গেম সেশন শেষ হয়েছে");
  for (const out of [html, bn]) expect(out).not.toMatch(/gamerun\.[a-z]/);
});
