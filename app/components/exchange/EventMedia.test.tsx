// The market page's stream slot rendered on the server, as a phone without JavaScript gets it.
import { describe, expect, it } from "vitest";
import { renderRoute } from "#tests/support/render-route.tsx";
import type { TrackerScore } from "#app/modules/exchange/tracker.ts";
import { EventMedia } from "./EventMedia.tsx";

const score: TrackerScore = {
  innings: [
    { team: "Dhaka Capitals", runs: 170, wickets: 6, overs: "20.0" },
    { team: "Sylhet Strikers", runs: 142, wickets: 3, overs: "15.2" },
  ],
  lastBall: "W",
  thisOver: ["1", "0", "4", "1wd", "6", "W"],
  lastOvers: [9, 4, 12],
  maxOvers: 20,
};

const render = (lng: string, props: Parameters<typeof EventMedia>[0]) => renderRoute(lng, "/odds-view", () => <EventMedia {...props} />, {});

describe("the market page's stream slot", () => {
  it("draws the tracker as SVG: the score, each ball of the over as a circle, the last overs' bars and the latest ball", async () => {
    const html = await render("en", { name: "DHA v SYL", sport: "cricket", streamUrl: null, score });
    expect(html).toContain('data-testid="match-tracker"');
    expect(html).toContain("<svg");
    expect(html).toContain("142/3");
    expect(html).toContain("Target 171 · Need 29 from 28 balls · Req. rate 6.21");
    expect(html.match(/data-testid="tracker-ball"/g)).toHaveLength(6);
    expect([...html.matchAll(/data-kind="(\w+)"/g)].map((m) => m[1])).toEqual(["run", "dot", "four", "wide", "six", "wicket"]);
    expect(html.match(/<circle/g)).toHaveLength(6);
    expect(html.match(/data-testid="tracker-over"/g)).toHaveLength(3);
    expect(html).toContain("Latest: WICKET!");
    // Screen readers get the same in words.
    expect(html).toContain('<title id="tracker-title">Live match tracker: Sylhet Strikers 142/3 after 15.2 overs</title>');
    expect(html).toContain("This over: 1, 0, 4, wd, 6, W");
    expect(html).not.toContain("<iframe");
  });

  it("speaks Bangla", async () => {
    const html = await render("bn", { name: "DHA v SYL", sport: "cricket", streamUrl: null, score });
    expect(html).toContain("লক্ষ্য 171");
    expect(html).toContain("সর্বশেষ: উইকেট!");
  });

  it("frames the stream instead when there is one: sandboxed, no referrer, lazy, titled", async () => {
    const html = await render("en", { name: "DHA v SYL", sport: "cricket", streamUrl: "https://player.example.com/embed/7", score });
    expect(html).toContain('src="https://player.example.com/embed/7"');
    expect(html).toContain('sandbox="allow-scripts allow-same-origin allow-presentation"');
    expect(html).toContain('allow="autoplay; fullscreen"');
    expect(html).toContain('referrerPolicy="no-referrer"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('title="Live stream: DHA v SYL"');
    expect(html).not.toContain("match-tracker");
  });

  it("soccer and tennis without a stream, and a match not started: nothing beyond the score board", async () => {
    expect(await render("en", { name: "A v B", sport: "soccer", streamUrl: null, score: null })).not.toMatch(/iframe|svg/);
    expect(await render("en", { name: "A v B", sport: "cricket", streamUrl: null, score: null })).not.toMatch(/iframe|svg/);
  });
});
