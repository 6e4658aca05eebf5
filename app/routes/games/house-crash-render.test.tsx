// The Crash page rendered on the server the way a phone without JavaScript gets it.
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { resources } from "#app/i18n/i18n.server.ts";
import type { CrashView } from "#app/modules/games/house/crash/view.ts";
import Crash from "./house-crash.tsx";

async function render(lng: string, loaderData: unknown, actionData?: unknown) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } });
  const Stub = createRoutesStub([{ id: "r", path: "/house/crash", Component: Crash as never }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub
        initialEntries={["/house/crash"]}
        hydrationData={{ loaderData: { r: loaderData }, actionData: actionData ? { r: actionData } : undefined }}
      />
    </I18nextProvider>,
  );
}

const hash = "ab".repeat(32);
const view = (phase: "betting" | "running" | "crashed"): CrashView => ({
  serverNow: Date.now(),
  round: {
    id: 9,
    gameNumber: 7,
    phase,
    bettingEndsAt: Date.now() + 5000,
    startedAt: null,
    elapsed: phase === "running" ? 9000 : null,
    multiplier: phase === "crashed" ? 321 : 171,
    crashPoint: phase === "crashed" ? 321 : null,
    hash: phase === "crashed" ? hash : null,
  },
  myBet: {
    id: 31,
    betId: 31,
    roundId: 9,
    name: "",
    stake: "৳10.00",
    autoCashout: "2.00",
    cashoutAt: null,
    payout: "৳0.00",
    maxPayout: "৳20.00",
    status: "active",
  },
  bets: [{ betId: 30, name: "ra***9", stake: "৳10.00", cashoutAt: null, payout: "৳0.00", maxPayout: "৳1,000,000.00", status: "active" }],
  history: [
    { id: 8, gameNumber: 6, crashPoint: 153, crashText: "1.53", hash: "cd".repeat(32), salt: "ef".repeat(32), voided: false, band: "low" },
    { id: 7, gameNumber: 5, crashPoint: 412, crashText: "4.12", hash: "ab".repeat(32), salt: "ef".repeat(32), voided: true, band: "void" },
    { id: 6, gameNumber: 4, crashPoint: 1234, crashText: "12.34", hash: "ce".repeat(32), salt: "ef".repeat(32), voided: false, band: "high" },
  ],
  chain: { terminatingHash: "12".repeat(32), salt: "ef".repeat(32), length: 100_000 },
});
const reality = { dueAt: null, dueInMs: null, area: undefined };
const liveItem = { i: 501, k: "501-AbCdEfGhIjKlMnOp", g: "dice", n: "ka***m", s: "600000", p: "1188000", x: 198, at: Date.now() };
const base = {
  title: "x",
  area: undefined,
  houseArea: undefined,
  liveBets: { highRollerStake: "500000", all: [liveItem], high: [liveItem], mine: [] },
  liveTab: "all",
  balance: "৳1,000.00",
  game: { min: "৳10.00", max: "৳25,000.00", maxWin: "৳1,000,000.00", roundRoom: "৳5,00,000.00" },
  reality,
};

it("renders every phase in English and Bangla without a missing string; refreshes itself only without JS while running", async () => {
  const running = await render("en", { ...base, view: view("running") });
  const betting = await render("bn", { ...base, view: view("betting") }, { result: undefined, notice: "Bet placed: ৳10.00" });
  const crashed = await render("en", { ...base, view: view("crashed") });
  for (const html of [running, betting, crashed]) expect(html).not.toMatch(/crash\.[a-z]|protectionReality\./);
  for (const html of [running, betting, crashed]) expect(html).toContain('data-testid="game-rg-link"');
  expect(running).toContain("1.71×");
  expect(running).toContain('name="intent" value="cashout"');
  expect(running).toContain('<noscript><meta http-equiv="refresh" content="2"/></noscript>');
  expect(betting).not.toContain("http-equiv");
  expect(betting).toContain("বাজি ধরুন");
  // Issue 30: the max win and what this round can still pay, before the bet.
  expect(running).toContain("Max win ৳1,000,000.00 per bet · Max payout this round: ৳5,00,000.00");
  expect(betting).toContain("এই রাউন্ডে সর্বোচ্চ পেআউট: ৳5,00,000.00");
  expect(betting).toContain("Bet placed: ৳10.00");
  expect(crashed).toContain("Crashed at 3.21×");
  expect(crashed).toContain(`/fair?game=crash&amp;hash=${"cd".repeat(32)}&amp;salt=${"ef".repeat(32)}&amp;gameNumber=6#verifier`);
  // The voided round: "Void" instead of its crash point, its hash and verify link all the same.
  expect(crashed).toContain("ab".repeat(32));
  expect(crashed).not.toContain("4.12×");
  expect(betting).toContain("বাতিল");
  expect(crashed).toContain("12".repeat(32));
  // Issue 30: chips link to the round pages, coloured by band; the chart is SVG on the server; live bets as of load.
  expect(crashed).toContain('href="/house/crash/round/8"');
  expect(crashed).toContain('data-band="high"');
  expect(crashed).toContain('data-testid="crash-chart"');
  expect(crashed).toContain("Last 3 rounds");
  expect(betting).toContain("শেষ 3টি রাউন্ড");
  expect(crashed).toContain('href="/bet/501-AbCdEfGhIjKlMnOp"');
  expect(crashed).toContain("ka***m");
  expect(betting).toContain("লাইভ বাজি");
  expect(crashed).toContain('href="/house/crash?bets=high#live-bets"');
});

it("shows the cash-out's answer and a refusal on the answer page (no JavaScript)", async () => {
  const cashed = await render("en", { ...base, view: view("running") }, { result: undefined, notice: "Cashed out at 1.71×: you won ৳17.10" });
  expect(cashed).toContain('data-testid="crash-notice"');
  expect(cashed).toContain("Cashed out at 1.71×: you won ৳17.10");
  const late = { status: "error", error: { "": ["Too late: the round has crashed."] } };
  const refused = await render("bn", { ...base, view: view("crashed") }, { result: late, notice: null });
  expect(refused).toContain("Too late: the round has crashed.");
  expect(refused).not.toContain('data-testid="crash-notice"');
});
