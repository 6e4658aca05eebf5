import { translate } from "#app/i18n/translate.server.ts";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ChoiceList, ExclusionForm } from "#app/components/protection/ExclusionForm.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { selfExclusionEnd, selfExclusionSchema, selfExclusionTerms } from "#app/modules/protection/index.ts";
import { selfExclude } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { exclusionAction } from "./exclusion-action.server.ts";
import type { Route } from "./+types/self-exclusion";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** /account/responsible-gaming/self-exclusion: 6 months, 1 year, 5 years or permanently; at once, never undone early. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  requirePlayer(context, url);
  const now = new Date();
  const until = (term: "6m" | "1y" | "5y") => formatDhakaDateTime(selfExclusionEnd(term, now)!);
  return {
    title: translate(context, "protectionExclusion.selfExclusion.title"),
    i18n: areaBundle(context, "protectionExclusion"),
    layout: layoutFor(request.headers.get("user-agent")),
    until: { "6m": until("6m"), "1y": until("1y"), "5y": until("5y") },
  };
}

export function action(args: Route.ActionArgs) {
  return exclusionAction(args, selfExclusionSchema, "self_exclusion", (playerId, v, ip) => selfExclude(playerId, v.term, { ip }));
}

const effects = ["now", "login", "marketing", "balance", "final"] as const;

export default function SelfExclusion({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(selfExclusionSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: selfExclusionSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <ExclusionForm
      layout={loaderData.layout}
      testId="self-exclusion-page"
      title={t("protectionExclusion.selfExclusion.title")}
      intro={t("protectionExclusion.selfExclusion.intro")}
      effects={effects.map((e) => t(`protectionExclusion.selfExclusion.effects.${e}`))}
      action="/account/responsible-gaming/self-exclusion"
      form={form}
      password={fields.password}
      understood={fields.understood}
      submit={t("protectionExclusion.selfExclusion.submit")}
      submitting={t("protectionExclusion.selfExclusion.submitting")}
    >
      <ChoiceList
        field={fields.term}
        legend={t("protectionExclusion.selfExclusion.term")}
        choices={selfExclusionTerms.map((term) => ({
          value: term,
          label: t(`protectionExclusion.selfExclusion.terms.${term}`),
          note: term === "permanent" ? undefined : t("protectionExclusion.untilNote", { until: loaderData.until[term] }),
        }))}
      />
    </ExclusionForm>
  );
}
