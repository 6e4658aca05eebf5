// Shared by the back office's games pages: who may open them, their strings and the text of a refusal.
import type { RouterContextProvider } from "react-router";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { getInstance } from "#app/i18n/i18n.server.ts";
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

export function translate(context: Ctx, key: string, params?: Record<string, unknown>): string {
  return (getInstance(context).t as unknown as (k: string, p?: Record<string, unknown>) => string)(key, params);
}

export function gamesPage(context: Ctx, titleKey: string) {
  return { title: translate(context, titleKey), i18n: areaBundle(context, "adminGames") };
}

export const errorText = (context: Ctx, e: GameAdminError) => translate(context, e.messageKey);

/** Poisha as the text an amount input holds: 2500000n -> "25000", 50050n -> "500.50". */
export const takaInput = (p: bigint) => (p % 100n ? `${p / 100n}.${String(p % 100n).padStart(2, "0")}` : String(p / 100n));
