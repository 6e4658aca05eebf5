// Live standings for the /races pages: one watcher per race on this instance re-reads the current period's top
// standings when the event bus says they changed (at most once a second a race, whatever the number of pages) and
// sends the same JSON text to every page watching. Public data only (masked names, totals).
import { subscribeRace } from "#app/modules/events/index.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { periodStartOf } from "./periods.ts";
import { getRace } from "./races.server.ts";
import { STANDINGS_PUSH_MS, topStandings } from "./standings.server.ts";
import { TOP_N } from "./page.server.ts";

const log = rootLog.child({ module: "races" });
type Listener = (json: string) => void;
type Watch = { listeners: Set<Listener>; stop: () => void; lastRead: number; timer: NodeJS.Timeout | undefined; reading: boolean };
const watches = new Map<number, Watch>();

/** The JSON a page applies: the race, its period and its top standings (wagered as poisha strings). */
export async function standingsJson(raceId: number, now: Date = new Date()): Promise<string | null> {
  const race = await getRace(raceId);
  if (!race || !race.active) return null;
  const periodStart = periodStartOf(race.period, now);
  const top = await topStandings(raceId, periodStart, TOP_N);
  return JSON.stringify({
    race: raceId,
    period: periodStart,
    ts: Date.now(),
    top: top.map((s) => ({ rank: s.rank, name: s.name, wagered: String(s.wagered) })),
  });
}

function readAndSend(raceId: number, w: Watch) {
  if (w.reading) return;
  w.reading = true;
  w.lastRead = Date.now();
  standingsJson(raceId)
    .then((json) => {
      if (json) for (const fn of w.listeners) fn(json);
    })
    .catch((e: unknown) => log.warn({ err: e, raceId }, "could not read a race's standings"))
    .finally(() => {
      w.reading = false;
    });
}

function changed(raceId: number) {
  const w = watches.get(raceId);
  if (!w || w.timer) return;
  const wait = Math.max(0, w.lastRead + STANDINGS_PUSH_MS - Date.now());
  if (wait === 0) return readAndSend(raceId, w);
  w.timer = setTimeout(() => {
    w.timer = undefined;
    readAndSend(raceId, w);
  }, wait);
  w.timer.unref();
}

/** Calls `fn` with the standings' JSON whenever they changed; returns the unsubscribe function. */
export function watchRace(raceId: number, fn: Listener): () => void {
  let w = watches.get(raceId);
  if (!w) {
    const created: Watch = { listeners: new Set(), stop: () => {}, lastRead: 0, timer: undefined, reading: false };
    created.stop = subscribeRace(raceId, changed);
    watches.set(raceId, created);
    w = created;
  }
  w.listeners.add(fn);
  const watch = w;
  return () => {
    watch.listeners.delete(fn);
    if (watch.listeners.size === 0) {
      watch.stop();
      if (watch.timer) clearTimeout(watch.timer);
      watches.delete(raceId);
    }
  };
}

/** Pages watching each race on this instance (the bench reads it). */
export const watcherCount = (raceId: number) => watches.get(raceId)?.listeners.size ?? 0;
