// Live Crash state in the browser: server-sent events from /resources/crash-events (or, without EventSource,
// /api/crash/state polled every second). The multiplier is written straight into an element on every animation
// frame (interpolated along the curve from the last tick), so React only re-renders on phase changes.
import { type RefObject, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { multiplierAt, multiplierText, type CrashEvent, type PublicRound, type CrashView } from "#app/modules/games/index.ts";

/** How far past the last tick the display may run on its own before it waits for the next one. */
const MAX_AHEAD_MS = 400;

export type LiveBet = { name: string; stake: string; cashoutAt: number | null; payout: string | null };

export function useCrashLive(initial: CrashView, multiplierRef: RefObject<HTMLElement | null>) {
  const [round, setRound] = useState<PublicRound | null>(initial.round);
  const [liveBets, setLiveBets] = useState<LiveBet[]>([]);
  const [clockOffset] = useState(() => initial.serverNow - Date.now());
  const base = useRef<{ e: number; at: number } | null>(
    round?.phase === "running" && round.elapsed !== null ? { e: round.elapsed, at: performance.now() } : null,
  );
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const myBet = useRef(initial.myBet);
  myBet.current = initial.myBet;

  // A new loader result (after an action or a revalidation) replaces the live state.
  useEffect(() => {
    setRound(initial.round);
    setLiveBets([]);
    if (initial.round?.phase === "running" && initial.round.elapsed !== null) base.current = { e: initial.round.elapsed, at: performance.now() };
  }, [initial]);

  useEffect(() => {
    // Spread the page reloads of many players over half a second.
    const later = () => setTimeout(() => void revalidate.current(), Math.random() * 500);
    const onEvent = (e: CrashEvent) => {
      switch (e.t) {
        case "betting":
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
        case "bet":
          setLiveBets((b) => [...b, { name: e.n, stake: e.s, cashoutAt: null, payout: null }]);
          return;
        case "cashout":
          setLiveBets((b) => [...b, { name: e.n, stake: "", cashoutAt: e.at, payout: e.p }]);
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
    const types: CrashEvent["t"][] = ["betting", "running", "tick", "crashed", "voided", "bet", "cashout"];
    const handler = (m: MessageEvent<string>) => {
      try {
        onEvent(JSON.parse(m.data) as CrashEvent);
      } catch {
        // a malformed frame is skipped
      }
    };
    for (const t of types) source.addEventListener(t, handler);
    return () => source.close();
  }, []);

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

  return { round, liveBets, clockOffset };
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
