// The pages rendered on the server the way a phone without JavaScript gets them, from loader and action data.
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { resources } from "#app/i18n/i18n.server.ts";
import Dice from "./house-dice.tsx";
import Mines from "./house-mines.tsx";
import Fair from "./fair.tsx";
import enClient from "#app/i18n/locales/en/client.ts";
import bnClient from "#app/i18n/locales/bn/client.ts";

const seed = { serverSeedHash: "ab".repeat(32), clientSeed: "cs", nonce: 3, nextServerSeedHash: "ef".repeat(32) };
const game = {
  name: "Dice",
  min: "৳10.00",
  max: "৳25,000.00",
  maxWin: "৳1,000,000.00",
  maxWinPoisha: "100000000",
  minPoisha: "1000",
  maxPoisha: "2500000",
};
// Reality checks off: the responsible-gaming link is shown, no modal.
const reality = { dueAt: null, dueInMs: null, area: undefined };
const liveItem = { i: 77, k: "77-AbCdEfGhIjKlMnOp", g: "mines", n: "ra***9", s: "1000", p: "2470", x: 247, at: 1 };
const liveBets = { highRollerStake: "500000", all: [liveItem], high: [], mine: [liveItem] };
const base = { title: "x", area: undefined, balance: "৳1,000.00", balancePoisha: "100000", game, seed, reality, liveBets, liveTab: "all" };

async function render(lng: string, path: string, Component: unknown, loaderData: unknown, actionData?: unknown, browser = false) {
  const i18n = i18next.createInstance();
  // The browser starts with its client catalogue only; the route's areas come in its loader data.
  const catalogue = browser ? { [lng]: { translation: (lng === "bn" ? bnClient : enClient) as object } } : resources;
  await i18n.use(initReactI18next).init({ lng, resources: catalogue, interpolation: { escapeValue: false } });
  const Stub = createRoutesStub([{ id: "r", path, Component: Component as never }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { r: loaderData }, actionData: actionData ? { r: actionData } : undefined }} />
    </I18nextProvider>,
  );
}

it("renders Dice, Mines and /fair in English and Bangla without a missing string", async () => {
  const out: string[] = [];
  out.push(
    await render("en", "/house/dice", Dice, base, {
      result: undefined,
      outcome: { roll: "42.17", win: true, payout: "৳19.80", multiplier: "1.9801", nonce: 2, clientSeed: "cs", serverSeedHash: "x" },
    }),
  );
  out.push(await render("bn", "/house/dice", Dice, base));
  const playing = {
    status: "playing",
    mines: 3,
    stake: "৳10.00",
    revealed: [4, 7],
    minePositions: null,
    multiplier: "1.2375",
    nextMultiplier: "1.4142",
    payout: "৳12.37",
    canCashOut: true,
    nonce: 1,
  };
  out.push(await render("en", "/house/mines", Mines, { ...base, state: playing }));
  out.push(
    await render("en", "/house/mines", Mines, {
      ...base,
      state: { ...playing, status: "busted", minePositions: [1, 2, 7], canCashOut: false, payout: "৳0.00" },
    }),
  );
  const verifier = { values: { game: "mines" }, result: { game: "mines", seedHash: "cd".repeat(32), mines: [3, 9] }, errors: null };
  out.push(
    await render("bn", "/fair", Fair, {
      title: "x",
      area: undefined,
      seeds: {
        active: { ...seed, algorithm: 2 as const },
        revealed: [
          {
            id: 1,
            serverSeed: "s",
            serverSeedHash: "h",
            clientSeed: "c",
            bets: 2,
            algorithm: 1 as const,
            revealedAt: "2026-11-23 10:00",
            verify: null,
          },
        ],
      },
      chains: [
        {
          id: 2,
          terminatingHash: "9a".repeat(32),
          publishedAt: "2026-11-28 10:00",
          saltSource: "drand round 5",
          salt: null,
          saltFixedAt: null,
          gamesPlayed: 0,
          length: 100000,
        },
      ],
      verifier,
    }),
  );
  out.push(
    await render("en", "/fair", Fair, {
      title: "x",
      area: undefined,
      seeds: null,
      chains: [],
      verifier: {
        values: { game: "mines", mines: "25" },
        result: null,
        errors: { nonce: "house.errors.nonceFormat", mines: "house.errors.minesNoSafeTile" },
      },
    }),
  );
  // Autobet's tab and a server-side run's list, in Bangla (issue 30).
  const run = {
    lines: [{ n: 1, stake: "৳10.00", result: "রোল হয়েছে 42.17", payout: "৳19.80", win: true }],
    profit: "+৳9.80",
    stop: "bets_done",
    refusal: null,
  };
  out.push(
    await render("bn", "/house/dice", Dice, { ...base, mode: "auto", runKey: "k".repeat(20) }, { form: "auto", result: undefined, auto: run }),
  );
  expect(out.at(-1)).toContain("থেমেছে: সব বাজি ধরা হয়েছে।");
  expect(out.at(-1)).toContain('name="onLossPercent"');
  for (const html of out) expect(html).not.toMatch(/house\.[a-z]|protectionReality\./);
  for (const html of out.slice(0, 4)) expect(html).toContain('data-testid="game-rg-link"');
  expect(out[1]).toContain("দায়িত্বশীল গেমিং");
  expect(out[0]).toContain("Rolled 42.17");
  expect(out[0]).toContain("Max win ৳1,000,000.00 per bet");
  expect(out[1]).toContain("প্রতি বাজিতে সর্বোচ্চ জয় ৳1,000,000.00");
  expect(out[2]).toContain('name="tile"');
  expect(out[2]).not.toContain("💣");
  expect(out[3]).toContain("Boom! You hit a mine.");
  expect(out[4]).toContain("মাইনের টাইল");
  // The next server seed's hash is shown before a client seed is chosen, on the game pages and on /fair.
  expect(out[0]).toContain("ef".repeat(32));
  expect(out[4]).toContain("ef".repeat(32));
  expect(out[4]).toContain("পরবর্তী সার্ভার সিডের হ্যাশ");
  expect(out[4]).toMatch(/<select[^>]*name="algorithm"/);
  // Each Crash chain with its seeding event; a salt not fixed yet says so.
  expect(out[4]).toContain("9a".repeat(32));
  expect(out[4]).toContain("সল্ট: এখনো ঠিক হয়নি");
  // Each wrong verifier input's message stands under its own field.
  expect(out[5]).toMatch(/id="verify-mines"[^>]*aria-invalid="true"[^>]*>.*With 25 mines every tile is a mine/s);
  expect(out[5]).toContain("The nonce is a whole number written in digits");
  // Issue 30: the live bets across the house games, as of the page's load, with tabs that work as links.
  expect(out[0]).toContain("Live bets");
  expect(out[0]).toContain('href="/bet/77-AbCdEfGhIjKlMnOp"');
  expect(out[0]).toContain("2.47×");
  expect(out[0]).toContain('href="/house/dice?bets=high#live-bets"');
});

it("renders the games' first browser render, from the client catalogue and the loaders' areas, like the server (hydration)", async () => {
  // A string missing on the browser's first render (a key where the server wrote text) fails hydration, and React
  // then rebuilds the page from scratch: a stake typed before the scripts arrived went back to ৳10.
  for (const lng of ["en", "bn"]) {
    const bundle = (area: "house" | "protectionReality") => ({ lng, area, strings: resources[lng as "en" | "bn"].translation[area] });
    const areas = { area: bundle("house"), reality: { ...reality, area: bundle("protectionReality") } };
    for (const [path, Component] of [
      ["/house/dice", Dice],
      ["/house/mines", Mines],
    ] as const) {
      const server = await render(lng, path, Component, { ...base, ...areas, state: null });
      const browser = await render(lng, path, Component, { ...base, ...areas, state: null }, undefined, true);
      expect(browser).not.toMatch(/house\.[a-z]|protectionReality\./);
      expect(browser).toBe(server);
    }
  }
});
