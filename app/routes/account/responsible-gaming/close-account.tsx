import { translate } from "#app/i18n/translate.server.ts";
import { getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { ExclusionForm } from "#app/components/protection/ExclusionForm.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { closeAccountSchema } from "#app/modules/protection/index.ts";
import { closeAccount } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { exclusionAction } from "./exclusion-action.server.ts";
import type { Route } from "./+types/close-account";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** /account/responsible-gaming/close-account: the player closes the account for good; the balance is paid out. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  requirePlayer(context, url);
  return {
    title: translate(context, "protectionExclusion.closeAccount.title"),
    i18n: areaBundle(context, "protectionExclusion"),
    layout: layoutFor(request.headers.get("user-agent")),
  };
}

export function action(args: Route.ActionArgs) {
  return exclusionAction(args, closeAccountSchema, "closure", (playerId, v, ip) => closeAccount(playerId, v.reason, { ip }));
}

const effects = ["now", "login", "marketing", "balance"] as const;

export default function CloseAccount({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(closeAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: closeAccountSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <ExclusionForm
      layout={loaderData.layout}
      testId="close-account-page"
      title={t("protectionExclusion.closeAccount.title")}
      intro={t("protectionExclusion.closeAccount.intro")}
      effects={effects.map((e) => t(`protectionExclusion.closeAccount.effects.${e}`))}
      action="/account/responsible-gaming/close-account"
      form={form}
      password={fields.password}
      understood={fields.understood}
      submit={t("protectionExclusion.closeAccount.submit")}
      submitting={t("protectionExclusion.closeAccount.submitting")}
    >
      <div className="field">
        <label htmlFor={fields.reason.id}>{t("protectionExclusion.closeAccount.reason")}</label>
        <textarea
          {...getTextareaProps(fields.reason)}
          key={fields.reason.key}
          rows={3}
          maxLength={500}
          className="w-full rounded-md border border-white/20 bg-ink px-2 py-1.5 text-white aria-[invalid=true]:border-red-400"
        />
        <ErrorList errors={fields.reason.errors} id={fields.reason.errorId} />
      </div>
    </ExclusionForm>
  );
}
