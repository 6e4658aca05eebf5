// /exchange/one-click: the player's one-click betting settings (on/off, confirm each bet, the stake presets), and the
// preset buttons above a market (intent=stake, back to the market). Plain forms: they work without JavaScript.
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { exchangeHandle } from "#app/components/exchange/ExchangeNav.tsx";
import { oneClickActionSchema, oneClickSettingsSchema } from "#app/components/exchange/schemas.ts";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle, areasFor } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { getOneClick, saveOneClick, selectOneClickStake } from "#app/modules/exchange/index.server.ts";
import { isExchangeError } from "#app/modules/exchange/index.ts";
import { requirePlayer, safeRedirect } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/one-click";

export const handle = exchangeHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const PATH = "/exchange/one-click";
/** Only a market page is a place to go back to. */
const backTo = (to: string | null | undefined) => {
  const safe = safeRedirect(to, "");
  return safe.startsWith("/odds-view?") ? safe : null;
};
const here = (back: string | null, saved = false) => {
  const params = new URLSearchParams({ ...(saved ? { saved: "1" } : {}), ...(back ? { back } : {}) });
  return params.size ? `${PATH}?${params}` : PATH;
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  return {
    title: translate(context, "exchange.oneClick.title"),
    area: areaBundle(context, "exchange"),
    settings: await getOneClick(player.id),
    back: backTo(url.searchParams.get("back")),
    saved: url.searchParams.has("saved"),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const submission = parseWithZod(await request.formData(), { schema: oneClickActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), areas: [] }, { status: 400 });
  const input = submission.value;
  const back = backTo(input.redirectTo);
  if (input.intent === "settings") {
    await saveOneClick(player.id, input);
    // Post/Redirect/Get: a reload does not send the form again.
    return redirect(here(back, true));
  }
  try {
    await selectOneClickStake(player.id, input.stake);
  } catch (e) {
    if (!isExchangeError(e)) throw e;
    const errors = [e.token];
    return data({ result: submission.reply({ formErrors: errors }), areas: areasFor(context, errors) }, { status: 400 });
  }
  return redirect(back ?? here(null));
}

export default function OneClickSettings({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.area, ...(actionData?.areas ?? [])]);
  const { t } = useTranslation();
  const { settings, back, saved } = loaderData;
  return (
    <main className="mx-auto max-w-xl p-3 pb-20" data-testid="one-click-settings">
      <h1 className="mb-2 text-lg font-bold">{t("exchange.oneClick.title")}</h1>
      <p className="mb-3 text-sm text-white/80">{t("exchange.oneClick.intro")}</p>
      {saved && !actionData ? (
        <p role="status" className="mb-3 rounded-xl bg-emerald-700/40 p-3 text-sm font-semibold" data-testid="one-click-saved">
          {t("exchange.oneClick.saved")}
        </p>
      ) : null}
      {/* Keyed by what is saved: after a save the fields show the saved values (the presets sorted), not what was typed. */}
      <SettingsForm key={JSON.stringify(settings)} settings={settings} back={back} lastResult={actionData?.result} />
      {back ? (
        <p className="mt-3 text-sm">
          <a href={back} className="underline" data-testid="one-click-back">
            {t("exchange.oneClick.back")}
          </a>
        </p>
      ) : null}
    </main>
  );
}

function SettingsForm({
  settings,
  back,
  lastResult,
}: {
  settings: Route.ComponentProps["loaderData"]["settings"];
  back: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "one-click-settings",
    lastResult,
    constraint: getZodConstraint(oneClickSettingsSchema),
    defaultValue: {
      oneClick: settings.oneClick ? "on" : undefined,
      confirmBets: settings.confirmBets ? "on" : undefined,
      presets: settings.presets.join(", "),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: oneClickSettingsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={here(back)} {...getFormProps(form)} className="rounded-xl bg-panel p-4">
      <ErrorList errors={form.errors} id={form.errorId} className="field-error mb-2" />
      <input type="hidden" name="intent" value="settings" />
      {back ? <input type="hidden" name="redirectTo" value={back} /> : null}
      <label className="mb-3 flex items-center gap-2">
        <input {...getInputProps(fields.oneClick, { type: "checkbox" })} key={fields.oneClick.key} className="size-5" />
        {t("exchange.oneClick.enable")}
      </label>
      <label className="mb-3 flex items-center gap-2">
        <input {...getInputProps(fields.confirmBets, { type: "checkbox" })} key={fields.confirmBets.key} className="size-5" />
        {t("exchange.oneClick.confirm")}
      </label>
      <div className="field mb-3">
        <label htmlFor={fields.presets.id}>{t("exchange.oneClick.presets")}</label>
        <input
          {...getInputProps(fields.presets, { type: "text" })}
          key={fields.presets.key}
          inputMode="numeric"
          autoComplete="off"
          aria-describedby={`${fields.presets.id}-hint ${fields.presets.errorId}`}
        />
        <div id={`${fields.presets.id}-hint`} className="mt-1 text-xs text-white/50">
          {t("exchange.oneClick.presetsHint")}
        </div>
        <ErrorList errors={fields.presets.errors} id={fields.presets.errorId} />
      </div>
      <SubmitButton label={t("exchange.oneClick.save")} pendingLabel={t("exchange.oneClick.saving")} />
    </Form>
  );
}
