// Live Crash state in the browser: server-sent events from /resources/crash-events (or, without EventSource,
// /api/crash/state polled every second). The multiplier is written straight into an element on every animation
// frame (interpolated along the curve from the last tick), so React only re-renders on phase changes.
import { type RefObject, useEffect, useRef, useState } from "react";
import { useRefresh } from "#app/components/use-refresh.ts";
import {
  multiplierAt,
  multiplierText,
  type BetView,
  type CrashEvent,
  type LiveHouseBetItem,
  type PublicRound,
  type CrashView,
} from "#app/modules/games/index.ts";
import { takaText } from "#app/kernel/money.ts";

/** How far past the last tick the display may run on its own before it waits for the next one. */
const MAX_AHEAD_MS = 400;

/** The round's bets with a stream event applied: a new bet is added (unless listed), a cash-out updates its bet. */
export function applyBetEvent(bets: BetView[], e: Extract<CrashEvent, { t: "bet" | "cashout" }>): BetView[] {
  if (e.t === "bet") {
    if (bets.some((b) => b.betId === e.b)) return bets;
    const bet: BetView = {
      betId: e.b,
      name: e.n,
      stake: takaText(e.s),
      cashoutAt: null,
      payout: takaText(0n),
      maxPayout: e.mp === null ? null : takaText(e.mp),
      status: "active",
    };
    return [...bets, bet];
  }
  const cashed = { cashoutAt: multiplierText(e.at), payout: takaText(e.p), status: "cashed" };
  return bets.some((b) => b.betId === e.b)
    ? bets.map((b) => (b.betId === e.b ? { ...b, ...cashed } : b))
    : [...bets, { betId: e.b, name: e.n, stake: "", maxPayout: null, ...cashed }];
}

export function useCrashLive(
  initial: CrashView,
  multiplierRef: RefObject<HTMLElement | null>,
  onHouseBets?: (items: LiveHouseBetItem[], mine: number[]) => void,
) {
  const [round, setRound] = useState<PublicRound | null>(initial.round);
  const [bets, setBets] = useState<BetView[]>(initial.bets);
  const houseBets = useRef(onHouseBets);
  houseBets.current = onHouseBets;
  const roundId = useRef(round?.id);
  roundId.current = round?.id;
  const [clockOffset] = useState(() => initial.serverNow - Date.now());
  const base = useRef<{ e: number; at: number } | null>(
    round?.phase === "running" && round.elapsed !== null ? { e: round.elapsed, at: performance.now() } : null,
  );
  const refresh = useRefresh();
  const myBet = useRef(initial.myBet);
  myBet.current = initial.myBet;

  // A new loader result (after an action or a revalidation) replaces the live state.
  useEffect(() => {
    setRound(initial.round);
    setBets(initial.bets);
    if (initial.round?.phase === "running" && initial.round.elapsed !== null) base.current = { e: initial.round.elapsed, at: performance.now() };
  }, [initial]);

  useEffect(() => {
    // Spread the page reloads of many players over half a second.
    const later = () => setTimeout(refresh, Math.random() * 500);
    const onEvent = (e: CrashEvent) => {
      switch (e.t) {
        case "betting":
          roundId.current = e.r;
          setBets([]);
          base.current = null;
          setRound((r) => applyPhase(r, e));
          later();
          return;
        case "crashed":
        case "voided":
          base.current = null;
          setRound((r) => applyPhase(r, e));
          later();
          return;
        case "running":
          base.current = { e: 0, at: performance.now() };
          setRound((r) => applyPhase(r, e));
          return;
        case "tick":
          base.current = { e: e.e, at: performance.now() };
          setRound((r) => (r?.id === e.r && r.phase === "running" ? r : { ...(r ?? emptyRound(e.r)), id: e.r, phase: "running" }));
          return;
        case "hb":
          houseBets.current?.(e.l, []);
          return;
        case "bet":
          setBets((b) => (e.r === roundId.current ? applyBetEvent(b, e) : b));
          return;
        case "cashout":
          setBets((b) => (e.r === roundId.current ? applyBetEvent(b, e) : b));
          // This player's bet (an auto cash-out): reload the balance, unless the page already shows it cashed
          // (its own Cash out, whose answer reloaded the page).
          if (e.b === myBet.current?.id && myBet.current.status === "active") later();
          return;
      }
    };
    if (typeof EventSource === "undefined") {
      const timer = setInterval(() => {
        fetch("/api/crash/state", { headers: { Accept: "application/json" } })
          .then((r) => (r.ok ? (r.json() as Promise<CrashView>) : null))
          .then((view) => {
            const r = view?.round;
            if (!r) return;
            if (r.phase === "running" && r.elapsed !== null) base.current = { e: r.elapsed, at: performance.now() };
            setRound((old) => {
              if (old?.id !== r.id || old.phase !== r.phase) later();
              return r;
            });
          })
          .catch(() => {});
      }, 1_000);
      return () => clearInterval(timer);
    }
    const source = new EventSource("/resources/crash-events");
    const types: CrashEvent["t"][] = ["betting", "running", "tick", "crashed", "voided", "bet", "cashout", "hb"];
    const handler = (m: MessageEvent<string>) => {
      try {
        onEvent(JSON.parse(m.data) as CrashEvent);
      } catch {
        // a malformed frame is skipped
      }
    };
    for (const t of types) source.addEventListener(t, handler);
    // The viewer's own bets of the last live-bets batch (the stream knows who is watching; the batch does not say).
    source.addEventListener("hbMine", (m: MessageEvent<string>) => {
      try {
        houseBets.current?.([], JSON.parse(m.data) as number[]);
      } catch {
        // a malformed frame is skipped
      }
    });
    return () => source.close();
  }, [refresh]);

  // The big number: interpolated every frame while running.
  useEffect(() => {
    let frame = 0;
    const draw = () => {
      const el = multiplierRef.current;
      const b = base.current;
      if (el && b && round?.phase === "running") {
        const ahead = Math.min(performance.now() - b.at, MAX_AHEAD_MS);
        el.textContent = `${multiplierText(multiplierAt(b.e + ahead))}×`;
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [round?.phase, multiplierRef]);

  return { round, bets, clockOffset };
}

function emptyRound(id: number): PublicRound {
  return { id, gameNumber: 0, phase: "running", bettingEndsAt: 0, startedAt: null, elapsed: null, multiplier: 100, crashPoint: null, hash: null };
}

function applyPhase(r: PublicRound | null, e: Extract<CrashEvent, { t: "betting" | "running" | "crashed" | "voided" }>): PublicRound {
  switch (e.t) {
    case "betting":
      return { ...emptyRound(e.r), gameNumber: e.g, phase: "betting", bettingEndsAt: e.be };
    case "running":
      return { ...(r?.id === e.r ? r : emptyRound(e.r)), phase: "running", startedAt: e.sa };
    case "crashed":
      return { ...(r?.id === e.r ? r : emptyRound(e.r)), phase: "crashed", multiplier: e.cp, crashPoint: e.cp, hash: e.h };
    case "voided":
      return { ...(r?.id === e.r ? r : emptyRound(e.r)), phase: "voided" };
  }
}
