// /account/responsible-gaming/reality-check: the player picks how often a reality check interrupts play (off, 15,
// 30 or 60 minutes). A plain form: works without JavaScript.
import { translate } from "#app/i18n/translate.server.ts";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { realityIntervals, realitySettingSchema } from "#app/modules/protection/index.ts";
import { getRealityMinutes, setRealityMinutes } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import type { Route } from "./+types/reality-check";

const ACTION = "/account/responsible-gaming/reality-check";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  return {
    title: translate(context, "protectionReality.title"),
    layout: layoutFor(request.headers.get("user-agent")),
    area: areaBundle(context, "protectionReality"),
    minutes: await getRealityMinutes(player.id),
    saved: url.searchParams.has("saved"),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player, token } = requirePlayer(context, url);
  const submission = parseWithZod(await request.formData(), { schema: realitySettingSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await setRealityMinutes(player.id, token, submission.value.minutes);
  // Post/Redirect/Get: a reload does not send the form again.
  return redirect(`${ACTION}?saved`);
}

export default function RealityCheckSetting({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const { minutes, saved } = loaderData;
  const [form, fields] = useForm({
    id: "reality-setting",
    lastResult: actionData?.result,
    constraint: getZodConstraint(realitySettingSchema),
    defaultValue: { minutes: String(minutes) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: realitySettingSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="reality-setting-page">
        <h1 className="mb-2 text-xl font-bold">{t("protectionReality.title")}</h1>
        <p className="mb-3 text-sm text-white/80">{t("protectionReality.setting.intro")}</p>
        {saved && !actionData ? (
          <p className="mb-3 rounded-lg bg-accent/15 px-3 py-2 text-sm text-accent" role="status" data-testid="reality-saved">
            {minutes ? t("protectionReality.setting.saved", { minutes }) : t("protectionReality.setting.savedOff")}
          </p>
        ) : null}
        <Form method="post" action={ACTION} {...getFormProps(form)} className="rounded-xl bg-panel p-4">
          <fieldset className="mb-4" aria-describedby={fields.minutes.errors ? fields.minutes.errorId : undefined}>
            <legend className="mb-2 text-sm font-semibold">{t("protectionReality.setting.legend")}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {realityIntervals.map((m) => (
                <label key={m} className="flex cursor-pointer items-center gap-2 rounded-lg bg-ink px-3 py-2">
                  <input type="radio" name={fields.minutes.name} value={String(m)} defaultChecked={minutes === m} />
                  {t(`protectionReality.setting.options.${m}`)}
                </label>
              ))}
            </div>
            <ErrorList errors={fields.minutes.errors} id={fields.minutes.errorId} />
          </fieldset>
          <SubmitButton label={t("protectionReality.setting.save")} pendingLabel={t("protectionReality.setting.saving")} action={ACTION} />
        </Form>
        <p className="mt-3 text-sm">
          <a className="text-brand underline" href="/account/responsible-gaming">
            {t("protectionReality.hub")}
          </a>
        </p>
      </main>
    </AccountFrame>
  );
}
