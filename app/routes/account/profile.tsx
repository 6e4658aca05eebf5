import { translate, translator } from "#app/i18n/translate.server.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect, useLocation } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { SecurityLevel } from "#app/components/account/SecurityLevel.tsx";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { BirthdayStep } from "#app/components/identity/BirthdayStep.tsx";
import { ResendButton } from "#app/components/profile/ResendButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import {
  EMAIL_LINK_TTL_HOURS,
  MAX_EXTRA_PHONES,
  profileAction,
  type Notice,
  CODE_TTL_SECONDS,
  loadProfile,
  AGE_BLOCKED_PATH,
} from "#app/modules/profile/index.server.ts";
import { clearSessionCookie, requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const notices: Notice[] = ["codeSent", "phoneVerified", "phoneAdded", "emailSent", "birthdaySaved"];
const ACTION = "/profile";
/** Each form posts to its own URL (same action), so only its own button shows the pending text. */
const actionFor = (form: string) => `${ACTION}?form=${form}`;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  // The session decides whose profile this is; nothing in the URL names a player.
  const profile = await loadProfile(player.id, new Date(), getLocale(context));
  if (!profile) throw data(null, { status: 404 });
  const notice = notices.find((n) => n === url.searchParams.get("notice")) ?? null;
  const target = url.searchParams.get("target");
  const { player: _row, ...shown } = profile;
  return {
    title: translate(context, "profile.title"),
    layout: layoutFor(request.headers.get("user-agent")),
    i18n: areaBundle(context, "profile"),
    identity: areaBundle(context, "identity"),
    profile: shown,
    notice,
    noticePhone: notice === "codeSent" ? (profile.phones.find((p) => String(p.target) === target)?.phone ?? "") : "",
    codeMinutes: CODE_TTL_SECONDS / 60,
    emailHours: EMAIL_LINK_TTL_HOURS,
    maxPhones: MAX_EXTRA_PHONES,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const outcome = await profileAction(player.id, await request.formData());
  if (outcome.ok && outcome.blocked) throw redirect(AGE_BLOCKED_PATH, { headers: { "Set-Cookie": await clearSessionCookie() } });
  if (outcome.ok) {
    // Post/Redirect/Get: a reload does not send the form again.
    const query = new URLSearchParams({ notice: outcome.notice, ...(outcome.target ? { target: outcome.target } : {}) });
    return redirect(`${ACTION}?${query}`);
  }
  const t = translator(context);
  return data(
    {
      form: outcome.form,
      field: outcome.field ?? null,
      error: t(outcome.error as MessageKey, outcome.params),
      ...(outcome.confirm ? { confirm: outcome.confirm } : {}),
    },
    { status: outcome.status },
  );
}

type Answer = Route.ComponentProps["actionData"];
type Phone = Route.ComponentProps["loaderData"]["profile"]["phones"][number];

function errorFor(answer: Answer, form: string) {
  return answer && answer.form === form ? [answer.error] : undefined;
}

function Flag({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-[0.7rem] font-semibold ${verified ? "bg-accent/20 text-accent-light" : "bg-white/10 text-white/60"}`}
      data-verified={verified}
    >
      {verified ? t("profile.verified") : t("profile.unverified")}
    </span>
  );
}

function Card({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section className="rounded-xl bg-panel p-4" data-testid={testId}>
      <h2 className="mb-2 text-sm font-semibold text-white/80">{title}</h2>
      {children}
    </section>
  );
}

function PhoneRow({ phone, answer, codeMinutes }: { phone: Phone; answer: Answer; codeMinutes: number }) {
  const { t } = useTranslation();
  const form = `phone-${phone.target}`;
  const errors = errorFor(answer, form);
  const showCode = !phone.verified && (phone.codeSent || answer?.form === form);
  return (
    <li className="py-3" data-testid={form} data-verified={phone.verified}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="whitespace-nowrap font-semibold tabular-nums">+88 {phone.phone}</span>
        <span className="text-xs text-white/50">{phone.target === "main" ? t("profile.mainPhone") : t("profile.extraPhone")}</span>
        <Flag verified={phone.verified} />
        {phone.verified ? null : (
          <Form method="post" action={actionFor(`${form}-send`)} className="ml-auto">
            <input type="hidden" name="target" value={phone.target} />
            <ResendButton seconds={phone.resendIn} formAction={actionFor(`${form}-send`)} />
          </Form>
        )}
      </div>
      {showCode ? (
        <Form method="post" action={actionFor(form)} className="mt-2">
          <input type="hidden" name="intent" value="verify-code" />
          <input type="hidden" name="target" value={phone.target} />
          <label htmlFor={`${form}-code`} className="mb-1 block text-sm text-white/80">
            {t("profile.codeLabel")}
          </label>
          <div className="flex gap-2">
            <input
              id={`${form}-code`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern="\d{6}"
              required
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? `${form}-error` : undefined}
              className="min-w-0 flex-1 rounded-md border border-white/20 bg-ink px-3 py-2 tracking-widest"
            />
            <SubmitButton
              label={t("profile.verify")}
              pendingLabel={t("profile.verifying")}
              action={actionFor(form)}
              className="btn-primary shrink-0"
            />
          </div>
          <p className="mt-1 text-xs text-white/50">{t("profile.codeHint", { phone: `+88 ${phone.phone}`, minutes: codeMinutes })}</p>
        </Form>
      ) : null}
      <ErrorList errors={errors} id={`${form}-error`} />
    </li>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  useArea(loaderData.identity);
  const { t } = useTranslation();
  const { profile: p, notice } = loaderData;
  const answer = actionData;
  const addErrors = errorFor(answer, "add-phone");
  // A success redirects to a new location: the forms remount, so a saved or sent value does not stay typed in. A refusal
  // keeps them (what was typed stays), and its key is fixed: React Router shows a refusal before it commits the new
  // location, and a remount then would wipe what the player typed since the message appeared.
  const { key: locationKey } = useLocation();
  const formKey = answer ? "refused" : locationKey;
  return (
    <AccountFrame layout={loaderData.layout}>
      <main className="flex flex-col gap-4" data-testid="profile-page">
        <h1 className="text-xl font-bold">{t("profile.title")}</h1>
        {notice && !answer ? (
          <p className="rounded-lg bg-accent/15 px-3 py-2 text-sm text-accent" role="status" data-testid="profile-notice">
            {t(`profile.notices.${notice}`, { phone: `+88 ${loaderData.noticePhone}`, email: p.email })}
          </p>
        ) : null}
        <ErrorList errors={errorFor(answer, "profile")} className="form-error" />

        <section
          className="flex items-center justify-between gap-3 rounded-xl bg-gradient-to-r from-brand/30 to-accent/20 p-4"
          data-testid="vip-card"
        >
          <div>
            <p className="text-xs text-white/70">{t("profile.vipCard")}</p>
            <p className="text-lg font-bold" data-testid="vip-level">
              {p.vipLevel}
            </p>
          </div>
          <div className="text-right">
            <p className="text-xs text-white/70">{t("profile.vipPoints")}</p>
            <p className="text-lg font-bold tabular-nums" data-testid="vip-points">
              {p.vipPoints}
            </p>
          </div>
        </section>

        <Card title={t("profile.fullName")} testId="profile-name">
          <p className="font-semibold">{p.name || <span className="text-white/50">{t("profile.notSet")}</span>}</p>
          <p className="text-xs text-white/60">{t("profile.registeredOn", { date: p.registeredAt })}</p>
        </Card>

        <Card title={t("profile.phones")} testId="profile-phones" key={formKey}>
          <ul className="divide-y divide-white/10">
            {p.phones.map((phone) => (
              <PhoneRow key={phone.target} phone={phone} answer={answer} codeMinutes={loaderData.codeMinutes} />
            ))}
          </ul>
          {p.canAddPhone ? (
            <Form method="post" action={actionFor("add-phone")} className="mt-2 border-t border-white/10 pt-3" data-testid="add-phone">
              <input type="hidden" name="intent" value="add-phone" />
              <label htmlFor="add-phone-input" className="mb-1 block text-sm text-white/80">
                {t("profile.addPhoneLabel")}
              </label>
              <div className="flex gap-2">
                <span className="flex items-center rounded-md border border-white/20 px-2 text-sm text-white/80">+88</span>
                <input
                  id="add-phone-input"
                  name="phone"
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={15}
                  required
                  aria-invalid={addErrors ? true : undefined}
                  aria-describedby={addErrors ? "add-phone-error" : undefined}
                  className="min-w-0 flex-1 rounded-md border border-white/20 bg-ink px-3 py-2"
                />
                <SubmitButton
                  label={t("profile.add")}
                  pendingLabel={t("profile.adding")}
                  action={actionFor("add-phone")}
                  className="btn-secondary shrink-0"
                />
              </div>
              <p className="mt-1 text-xs text-white/50">{t("profile.addPhoneHint", { max: loaderData.maxPhones })}</p>
              <ErrorList errors={addErrors} id="add-phone-error" />
            </Form>
          ) : null}
        </Card>

        <Card title={t("profile.email")} testId="profile-email">
          <div className="flex flex-wrap items-center gap-2">
            <span className="break-all">{p.email}</span>
            <Flag verified={p.emailVerified} />
            {p.emailVerified ? null : (
              <Form method="post" action={actionFor("email")} className="ml-auto">
                <input type="hidden" name="intent" value="send-email" />
                <SubmitButton
                  label={t("profile.sendEmailLink")}
                  pendingLabel={t("profile.sending")}
                  action={actionFor("email")}
                  className="btn-secondary !px-3 !py-1.5 text-sm"
                />
              </Form>
            )}
          </div>
          {p.emailVerified ? null : <p className="mt-1 text-xs text-white/50">{t("profile.emailLinkHint", { hours: loaderData.emailHours })}</p>}
          <ErrorList errors={errorFor(answer, "email")} />
        </Card>

        <Card title={t("profile.birthday")} testId="profile-birthday">
          {p.birthday ? (
            <p className="font-semibold tabular-nums" data-testid="birthday-value">
              {p.birthday}
            </p>
          ) : (
            <BirthdayStep
              action={actionFor("birthday")}
              answer={answer?.form === "birthday" ? answer : null}
              label={t("profile.birthday")}
              hint={t("profile.birthdayHint")}
            />
          )}
        </Card>

        <SecurityLevel level={p.securityLevel} />
        <p className="text-xs text-white/60">{t("profile.contactSupport")}</p>
      </main>
    </AccountFrame>
  );
}
