import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { emailTokenAddress, verifyEmailToken } from "#app/modules/profile/index.server.ts";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : []);

/**
 * The link of the verification e-mail. Opening it changes nothing (mail scanners open links); the button posts the
 * token. No session is needed: the token alone says whose address it is, and it went only to that address.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const email = await emailTokenAddress(token);
  return data(
    { title: translate(context, "profile.verifyEmail.title"), i18n: areaBundle(context, "profile"), token, email, outcome: null },
    { status: email ? 200 : 410, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const result = await verifyEmailToken(token);
  const base = { title: translate(context, "profile.verifyEmail.title"), i18n: areaBundle(context, "profile"), token: "", email: null };
  if (result.ok) return { ...base, email: result.email, outcome: "done" as const };
  return data({ ...base, outcome: result.error }, { status: result.error === "taken" ? 409 : 410 });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const state = actionData ?? loaderData;
  const outcome = state.outcome;
  const message =
    outcome === "done"
      ? t("profile.verifyEmail.done", { email: state.email })
      : outcome === "taken"
        ? t("profile.errors.emailTaken")
        : outcome === "changed"
          ? t("profile.verifyEmail.changed")
          : outcome === "invalid" || !state.email
            ? t("profile.verifyEmail.invalid")
            : null;
  return (
    <main className="mx-auto max-w-md p-4" data-testid="verify-email-page">
      <div className="rounded-xl bg-panel p-5">
        <h1 className="mb-3 text-xl font-bold">{t("profile.verifyEmail.title")}</h1>
        {message ? (
          <p
            className={outcome === "done" ? "text-accent" : "form-error"}
            role={outcome === "done" ? "status" : "alert"}
            data-testid="verify-email-outcome"
          >
            {message}
          </p>
        ) : (
          <Form method="post" action="/profile/verify-email">
            <input type="hidden" name="token" value={state.token} />
            <p className="mb-4 break-words">{t("profile.verifyEmail.intro", { email: state.email })}</p>
            <SubmitButton
              label={t("profile.verifyEmail.confirm")}
              pendingLabel={t("profile.verifyEmail.confirming")}
              action="/profile/verify-email"
            />
          </Form>
        )}
        <a href="/profile" className="mt-4 inline-block text-sm text-brand">
          {t("profile.verifyEmail.toProfile")} ›
        </a>
      </div>
    </main>
  );
}
