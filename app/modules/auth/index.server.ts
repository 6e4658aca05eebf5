// The auth module's server entry (sign-up, log-in and the captcha: how a player gets in): what other modules and routes may use. Everything else is private.
export { captchaSvg } from "./captcha-image.server.ts";
export {
  captchaVisitorOf,
  ensureCaptchaVisitor,
  issueCaptcha,
  newImageRound,
  pruneCaptchas,
  setLiveCaptchaCode,
  spendCaptcha,
} from "./captcha.server.ts";
export { draftTokenOf, pruneSignupDrafts } from "./drafts.server.ts";
export { completeSignup, readDraft, registerBanner, saveStep1, step1Defaults } from "./register.server.ts";
export type { Step1Value, Step2Value } from "./register.server.ts";
export { loginWithPassword } from "./login.server.ts";
