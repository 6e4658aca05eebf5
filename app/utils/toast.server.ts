import { createCookie, redirect } from "react-router";
import { getEnv } from "#app/config/env.server.ts";

/** One-shot message shown after a redirect (read and cleared by the root loader). Holds an i18n key only. */
export const toastCookie = createCookie("toast", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: getEnv().PUBLIC_URL.startsWith("https:"),
  maxAge: 60,
});

export type ToastKey = "signedUp" | "loggedOut" | "passwordChanged" | "passwordReset";
const keys: ToastKey[] = ["signedUp", "loggedOut", "passwordChanged", "passwordReset"];

export async function redirectWithToast(to: string, toast: ToastKey, headers: HeadersInit = {}) {
  const h = new Headers(headers);
  h.append("Set-Cookie", await toastCookie.serialize(toast));
  return redirect(to, { headers: h });
}

export async function readToast(request: Request): Promise<{ toast: ToastKey | null; setCookie: string | null }> {
  const value = await toastCookie.parse(request.headers.get("cookie"));
  if (!value) return { toast: null, setCookie: null };
  return { toast: keys.includes(value) ? value : null, setCookie: await toastCookie.serialize("", { maxAge: 0 }) };
}
