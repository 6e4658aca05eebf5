import type { RealityClientData } from "#app/modules/protection/reality-guard.server.ts";
import { RealityCheckModal } from "./RealityCheckModal.tsx";
import { ResponsibleGamingLink } from "./ResponsibleGamingLink.tsx";

/** Under a game's header: the responsible-gaming link, and the reality check's modal (JavaScript only). */
export function GameProtection({ reality }: { reality: RealityClientData }) {
  return (
    <div className="mb-3 flex justify-end">
      <ResponsibleGamingLink />
      <RealityCheckModal reality={reality} />
    </div>
  );
}
