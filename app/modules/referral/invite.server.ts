import { getEnv } from "#app/config/env.server.ts";

/** The invite link a player shares: the sign-up capture of their code (/referral_code) on the public address. */
export function inviteLink(code: string) {
  return `${getEnv().PUBLIC_URL.replace(/\/+$/, "")}/referral_code?code=${encodeURIComponent(code)}`;
}
