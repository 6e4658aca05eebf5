import { redirect } from "react-router";
import { readCapturedCodes, referralCookie } from "#app/utils/referral-cookie.server.ts";
import type { Route } from "./+types/code-capture";

/** /referral_code?code=X and /affiliate_code?code=X keep the code in a cookie, then go to /signup. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const codeType = url.pathname.includes("affiliate") ? "affiliate_code" : "referral_code";
  const raw = url.searchParams.get("code") ?? url.searchParams.get(codeType) ?? url.searchParams.get("ref") ?? "";
  const code = raw.trim();
  if (!/^[A-Za-z0-9]{1,20}$/.test(code)) {
    throw redirect(`/signup?${new URLSearchParams({ missing: codeType })}`);
  }
  const codes = await readCapturedCodes(request);
  const next = codeType === "affiliate_code" ? { ...codes, affiliate: code.toUpperCase() } : { ...codes, referral: code.toUpperCase() };
  throw redirect("/signup", { headers: { "Set-Cookie": await referralCookie.serialize(next) } });
}
