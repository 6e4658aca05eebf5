import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";

export const REQUEST_MINUTES = 30;

/** Whole minutes left of the 30 from `startedAt` (never below 0). */
export function minutesLeft(startedAt: number, now: number) {
  return Math.max(0, REQUEST_MINUTES - Math.floor(Math.max(0, now - startedAt) / 60_000));
}

/**
 * "within N minutes": 30 at the request, falling one per minute to 0. The server renders the value for its
 * clock; the browser keeps counting, corrected for the difference between the two clocks.
 */
export function Countdown({ startedAt, serverNow }: { startedAt: number; serverNow: number }) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState(() => minutesLeft(startedAt, serverNow));
  useEffect(() => {
    const skew = serverNow - Date.now();
    const tick = () => setMinutes(minutesLeft(startedAt, Date.now() + skew));
    tick();
    const id = setInterval(tick, 5_000);
    return () => clearInterval(id);
  }, [startedAt, serverNow]);
  return (
    <strong className="text-brand tabular-nums" data-testid="countdown" data-minutes={minutes}>
      {t("paymentPages.request.minutes", { count: minutes })}
    </strong>
  );
}
