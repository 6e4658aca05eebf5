// Shared by the back office's games pages: who may open them, their strings and the text of a refusal.
import type { RouterContextProvider } from "react-router";
import { areaBundle } from "#app/i18n/areas.server.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { translate } from "#app/i18n/translate.server.ts";
import type { GameAdminError } from "#app/modules/games/admin.server.ts";
import { clientIp } from "#app/modules/sessions/auth.server.ts";
import { requireStaff } from "#app/modules/staff/auth.server.ts";
import { pageRoles } from "#app/modules/staff/permissions.ts";

type Ctx = Readonly<RouterContextProvider>;

/** Staff of the roles that manage games (admin, content); others get a 403, guests the login page. */
export async function requireGamesStaff(request: Request) {
  const { staff } = await requireStaff(request, pageRoles.games);
  return { staffId: staff.id, ip: clientIp(request) };
}

export { translate };

export function gamesPage(context: Ctx, titleKey: MessageKey) {
  return { title: translate(context, titleKey), i18n: areaBundle(context, "adminGames") };
}

/** A refusal as a form error (translated by ErrorList). */
export const errorMessage = (e: GameAdminError) => e.messageKey;

/** Poisha as the text an amount input holds: 2500000n -> "25000", 50050n -> "500.50". */
export const takaInput = (p: bigint) => (p % 100n ? `${p / 100n}.${String(p % 100n).padStart(2, "0")}` : String(p / 100n));
