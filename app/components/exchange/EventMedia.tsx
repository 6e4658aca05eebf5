// The market page's stream slot: the provider's player when staff set a stream for the event (sandboxed, no
// referrer, 16:9, loaded lazily), otherwise our live match tracker for cricket. Soccer and tennis without a stream
// show nothing more than the score board: the feed has no ball-by-ball data for them.
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { TrackerScore } from "#app/modules/exchange/index.ts";
import { MatchTracker } from "./MatchTracker.tsx";

export function EventMedia({ name, sport, streamUrl, score }: { name: string; sport: string; streamUrl: string | null; score: TrackerScore | null }) {
  const { t } = useTranslation();
  if (streamUrl) {
    return (
      <div className="relative mb-3 aspect-video w-full overflow-hidden rounded-xl bg-black" data-testid="event-stream">
        <iframe
          src={streamUrl}
          title={t("exchange.stream.title", { name })}
          className="absolute inset-0 h-full w-full border-0"
          sandbox="allow-scripts allow-same-origin allow-presentation"
          allow="autoplay; fullscreen"
          allowFullScreen
          referrerPolicy="no-referrer"
          loading="lazy"
          data-testid="stream-iframe"
        />
      </div>
    );
  }
  return sport === "cricket" ? <MatchTracker score={score} /> : null;
}
