import { createCookie } from "react-router";
import { getEnv } from "#app/config/env.server.ts";

export type CapturedCodes = { referral?: string; affiliate?: string };

/** Codes captured by /referral_code and /affiliate_code, kept for 30 days until the visitor signs up. */
export const referralCookie = createCookie("refcodes", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: getEnv().PUBLIC_URL.startsWith("https:"),
  maxAge: 30 * 86_400,
});

export async function readCapturedCodes(request: Request): Promise<CapturedCodes> {
  const value = await referralCookie.parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object") return {};
  const clean = (v: unknown) => (typeof v === "string" && /^[A-Za-z0-9]{1,20}$/.test(v) ? v : undefined);
  return { referral: clean(value.referral), affiliate: clean(value.affiliate) };
}
