import { useTranslation } from "#app/i18n/use-translation.ts";

/** The small "18+ Responsible gaming" link shown next to every game (strings from the protectionReality area); compact: the text only from small tablets up. */
export function ResponsibleGamingLink({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <a
      href="/account/responsible-gaming"
      aria-label={compact ? t("protectionReality.game.rgLink") : undefined}
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-white/10 px-2.5 py-1 text-xs font-semibold text-white hover:bg-white/20 ${className}`}
      data-testid="game-rg-link"
    >
      <span aria-hidden="true" className="rounded-full border-2 border-red-600 bg-white px-1 text-[0.6rem] font-extrabold text-black">
        18+
      </span>
      <span className={compact ? "hidden sm:inline" : undefined}>{t("protectionReality.game.rgLink")}</span>
    </a>
  );
}
