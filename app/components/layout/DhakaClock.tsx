import { useEffect, useState } from "react";

const formatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Dhaka",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * YYYY-MM-DD HH:mm:ss in Asia/Dhaka, built from Intl parts so it costs no date library in the browser: every page loads
 * it, and importing app/kernel/dhaka-time.ts would add dayjs. DhakaClock.slow.test.ts holds it to the kernel's formatDhaka.
 */
export function formatDhakaClock(date: Date) {
  const p = Object.fromEntries(formatter.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The site clock (GMT+6, 24-hour), ticking every second once JavaScript runs. */
export function DhakaClock({ label }: { label: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <time className="whitespace-nowrap text-xs tabular-nums text-white/70" suppressHydrationWarning data-testid="site-clock">
      {/* One text node: suppressHydrationWarning covers the seconds that pass between the server's render and hydration. */}
      {`${formatDhakaClock(now)} (${label})`}
    </time>
  );
}
