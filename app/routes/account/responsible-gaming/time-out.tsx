import { translate } from "#app/i18n/translate.server.ts";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ChoiceList, ExclusionForm } from "#app/components/protection/ExclusionForm.tsx";
import { Field } from "#app/components/forms/Field.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { timeOutEnd, timeOutPeriods, timeOutSchema } from "#app/modules/protection/index.ts";
import { takeTimeOut } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { exclusionAction } from "./exclusion-action.server.ts";
import type { Route } from "./+types/time-out";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** /account/responsible-gaming/time-out: 24 hours, 7 days, 30 days or 1-42 days, at once. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  requirePlayer(context, url);
  const now = new Date();
  return {
    title: translate(context, "protectionExclusion.timeOut.title"),
    i18n: areaBundle(context, "protectionExclusion"),
    layout: layoutFor(request.headers.get("user-agent")),
    until: {
      "24h": formatDhakaDateTime(timeOutEnd("24h", now)),
      "7d": formatDhakaDateTime(timeOutEnd("7d", now)),
      "30d": formatDhakaDateTime(timeOutEnd("30d", now)),
    },
  };
}

export function action(args: Route.ActionArgs) {
  return exclusionAction(args, timeOutSchema, "timeout", (playerId, v, ip) =>
    takeTimeOut(playerId, v.period === "custom" ? { days: v.days! } : v.period, { ip }),
  );
}

const effects = ["now", "login", "marketing", "balance", "final"] as const;

export default function TimeOut({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(timeOutSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: timeOutSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <ExclusionForm
      layout={loaderData.layout}
      testId="time-out-page"
      title={t("protectionExclusion.timeOut.title")}
      intro={t("protectionExclusion.timeOut.intro")}
      effects={effects.map((e) => t(`protectionExclusion.timeOut.effects.${e}`))}
      action="/account/responsible-gaming/time-out"
      form={form}
      password={fields.password}
      submit={t("protectionExclusion.timeOut.submit")}
      submitting={t("protectionExclusion.timeOut.submitting")}
    >
      <ChoiceList
        field={fields.period}
        legend={t("protectionExclusion.timeOut.period")}
        choices={timeOutPeriods.map((p) => ({
          value: p,
          label: t(`protectionExclusion.timeOut.periods.${p}`),
          note: p === "custom" ? undefined : t("protectionExclusion.untilNote", { until: loaderData.until[p] }),
        }))}
      />
      <Field
        label={t("protectionExclusion.timeOut.days")}
        inputProps={{
          name: fields.days.name,
          id: fields.days.id,
          defaultValue: fields.days.initialValue,
          inputMode: "numeric",
          type: "text",
          maxLength: 3,
          className: "max-w-24",
        }}
        errors={fields.days.errors}
        errorId={fields.days.errorId}
      />
    </ExclusionForm>
  );
}
