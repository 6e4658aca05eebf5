// The two-step sign-up (/register): step 1 is checked and kept as a draft (drafts.server.ts), step 2 is checked, its
// captcha used (captcha.server.ts), and the player created by the same createPlayer as the one-page /signup (its
// rules: unique username, referral code, currency, demo credit, per-address limit), with the draft's password hash.
import { createPlayer, findPlayerByReferralCode, findPlayerByUsername } from "#app/modules/players/index.server.ts";
import { listSliders, getSiteConfig } from "#app/modules/content/index.server.ts";
import { currencyTypes, type registerStep1Schema, type registerStep2Schema } from "#app/modules/players/index.ts";
import { checkJurisdiction } from "#app/modules/settings/index.server.ts";
import type * as z from "zod/mini";
import { spendCaptcha } from "./captcha.server.ts";
import { deleteDraft, readDraft, saveDraft, type Draft } from "./drafts.server.ts";

export type Step1Value = z.infer<typeof registerStep1Schema>;
export type Step2Value = z.infer<typeof registerStep2Schema>;
type Messages = Record<string, string[]>;

export type Step1Outcome = { ok: true; setCookie: string } | { ok: false; fieldErrors: Messages };

/** Checks what step 1 can (the username is free, the friend's code exists) and keeps it; createPlayer checks again. */
export async function saveStep1(value: Step1Value, previousToken: string | null, now = new Date()): Promise<Step1Outcome> {
  const fieldErrors: Messages = {};
  if (await findPlayerByUsername(value.username)) fieldErrors.username = ["errors.usernameTaken"];
  if (value.friendReferCode && !(await findPlayerByReferralCode(value.friendReferCode))) fieldErrors.friendReferCode = ["errors.referralNotFound"];
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const setCookie = await saveDraft(
    previousToken,
    { username: value.username, password: value.password, currency: currencyTypes[value.currencyType], referralCode: value.friendReferCode ?? "" },
    now,
  );
  return { ok: true, setCookie };
}

export type Step2Outcome =
  | { kind: "noDraft" }
  | { kind: "captchaWrong" }
  | { kind: "refused"; messageKey: string }
  | { kind: "tooMany"; retryAfterMinutes: number }
  /** fieldErrors under step 2's names; formErrors for step 1's values (a username taken since). */
  | { kind: "invalid"; fieldErrors: Messages; formErrors: string[] }
  | { kind: "created"; clearCookie: string };

const step2Names: Record<string, string> = { name: "realName", phone: "phoneNumber", email: "email" };

/** Step 2: the draft must still be there and the captcha right (it is used either way), then the player is created. */
export async function completeSignup(
  { draftToken, visitorId, value, ip }: { draftToken: string | null; visitorId: string | null; value: Step2Value; ip: string },
  now = new Date(),
): Promise<Step2Outcome> {
  const draft = await readDraft(draftToken, now);
  if (!draft) return { kind: "noDraft" };
  if (!(await spendCaptcha(visitorId, value.captcha, now))) return { kind: "captchaWrong" };
  const refused = await checkJurisdiction({ currency: draft.currency, callingCode: value.callingCode });
  if (refused) return { kind: "refused", messageKey: refused.messageKey };
  const created = await createPlayer(
    {
      username: draft.username,
      passwordHash: draft.passwordHash,
      currency: draft.currency,
      referralCode: draft.referralCode || undefined,
      name: value.realName,
      phone: value.phoneNumber,
      email: value.email,
    },
    { ip, callingCode: value.callingCode },
  );
  if (!created.ok && "retryAfterMinutes" in created) return { kind: "tooMany", retryAfterMinutes: created.retryAfterMinutes };
  if (!created.ok) {
    const fieldErrors: Messages = {};
    const formErrors: string[] = [];
    for (const [name, messages] of Object.entries(created.fieldErrors)) {
      const step2 = step2Names[name];
      if (step2) fieldErrors[step2] = messages ?? [];
      else formErrors.push(...(messages ?? []));
    }
    return { kind: "invalid", fieldErrors, formErrors };
  }
  return { kind: "created", clearCookie: await deleteDraft(draftToken) };
}

/** What step 1 shows again when the visitor comes back (Previous): everything but the password. */
export function step1Defaults(draft: Draft | null, capturedCode: string) {
  const currencyType = Object.entries(currencyTypes).find(([, c]) => c === draft?.currency)?.[0] ?? "8";
  return { username: draft?.username ?? "", currencyType, friendReferCode: draft ? draft.referralCode : capturedCode };
}

export { readDraft };

/** The picture beside the form: the first active main slide (staff's content), else the site's logo. */
export async function registerBanner(language: string): Promise<{ image: string; alt: string; link: string | null }> {
  const [slide] = await listSliders("Main");
  if (slide) return { image: slide.thumbnail, alt: language === "bn" ? slide.titleBn : slide.titleEn, link: slide.link };
  const { branding, general } = await getSiteConfig();
  return { image: branding.logo, alt: general.siteTitle, link: null };
}
