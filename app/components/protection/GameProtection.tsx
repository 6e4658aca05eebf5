import { useArea } from "#app/i18n/use-area.ts";
import type { RealityClientData } from "#app/modules/protection/index.server.ts";
import { RealityCheckModal } from "./RealityCheckModal.tsx";
import { ResponsibleGamingLink } from "./ResponsibleGamingLink.tsx";

/** Under a game's header: the responsible-gaming link, and the reality check's modal (JavaScript only). */
export function GameProtection({ reality }: { reality: RealityClientData }) {
  // The link's strings come with the check's area: added before the link renders, or the browser's first render
  // shows the bare key, hydration fails and React rebuilds the page (losing what was typed into its forms).
  useArea(reality.area);
  return (
    <div className="mb-3 flex justify-end">
      <ResponsibleGamingLink />
      <RealityCheckModal reality={reality} />
    </div>
  );
}
