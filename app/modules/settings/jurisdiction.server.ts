import { getGeneralSettings } from "./general.server.ts";
import { countryOfPlayer, isJurisdictionAllowed } from "./jurisdiction.ts";

export type JurisdictionRefusal = { messageKey: "admin.jurisdiction.refused" };

/**
 * For sign-up and log-in: in real-money mode, refuses a player whose country (from currency and calling
 * code) is not on the operator's list of licensed jurisdictions. In demo mode everyone may play.
 */
export async function checkJurisdiction(input: { currency: string; callingCode: string }): Promise<null | JurisdictionRefusal> {
  const general = await getGeneralSettings();
  if (general.mode !== "real") return null;
  return isJurisdictionAllowed(general, countryOfPlayer(input)) ? null : { messageKey: "admin.jurisdiction.refused" };
}
