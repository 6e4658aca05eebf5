// /admin/players/:id/limits writes each limit in the staff member's language: a session limit in minutes ("মিনিট" in
// Bangla), money as taka text.
import { beforeAll, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { languageCookie } from "#app/i18n/i18n.server.ts";
import { createPlayer, taka } from "#app/modules/payments/test-helpers.ts";
import { changeLimit } from "#app/modules/protection/limits.server.ts";
import { staffCookie } from "#tests/kit/sessions.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import { callRoute } from "#tests/support/route-call.ts";
import * as limits from "./limits.tsx";
import { staffMember } from "#tests/kit/players.ts";

let cookie: string;

beforeAll(async () => {
  await ensureSeedAdmin(db, "AdminPass12345");
  const username = `rglim${Date.now() % 1_000_000}`;
  await staffMember("support", username, "SupportPass1", "Support");
  cookie = await staffCookie(username, "SupportPass1");
});

it("writes a session limit in minutes in the staff member's language, and money as taka", async () => {
  const player = await createPlayer();
  await changeLimit(player.id, { kind: "session", period: "session" }, 90n);
  await changeLimit(player.id, { kind: "deposit", period: "day" }, taka(5_000));
  const page = async (lng: string) =>
    callRoute(limits, `/admin/players/${player.id}/limits`, {
      cookie: `${cookie}; ${(await languageCookie.serialize(lng)).split(";")[0]}`,
      params: { id: String(player.id) },
    });
  const amounts = async (lng: string) => ((await page(lng)).data as { limits: { id: string; amount: string }[] }).limits.map((l) => [l.id, l.amount]);
  expect(await amounts("en")).toEqual(
    expect.arrayContaining([
      ["session_session", "90 minutes"],
      ["deposit_day", "৳5,000.00"],
    ]),
  );
  expect(await amounts("bn")).toEqual(expect.arrayContaining([["session_session", "90 মিনিট"]]));
});
