// The first-deposit prompt: set a 24-hour deposit limit (posted to the hub, which comes back to /deposit) or skip.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { HUB_PATH } from "#app/modules/protection/index.ts";

export function DepositLimitPrompt() {
  const { t } = useTranslation();
  return (
    <section
      className="mb-3 rounded-xl border border-accent/40 bg-accent/10 p-4"
      aria-labelledby="deposit-limit-prompt"
      data-testid="deposit-limit-prompt"
    >
      <h2 id="deposit-limit-prompt" className="font-semibold">
        {t("protectionLimits.prompt.title")}
      </h2>
      <p className="mb-2 text-sm text-white/75">{t("protectionLimits.prompt.text")}</p>
      <div className="flex flex-wrap items-end gap-2">
        <Form method="post" action={`${HUB_PATH}?form=prompt`} className="flex min-w-0 flex-1 gap-2">
          <input type="hidden" name="intent" value="set" />
          <input type="hidden" name="kind" value="deposit" />
          <input type="hidden" name="period" value="day" />
          <input type="hidden" name="redirectTo" value="/deposit" />
          <label htmlFor="prompt-limit" className="sr-only">
            {`${t("protectionLimits.names.deposit_day")}: ${t("protectionLimits.amountLabel")}`}
          </label>
          <input
            id="prompt-limit"
            name="value"
            type="text"
            inputMode="decimal"
            required
            maxLength={20}
            placeholder={t("protectionLimits.amountLabel")}
            className="min-w-0 flex-1 rounded-md border border-white/20 bg-ink px-3 py-2"
          />
          <button type="submit" className="btn-primary shrink-0 !px-3">
            {t("protectionLimits.prompt.save")}
          </button>
        </Form>
        <Form method="post" action={`${HUB_PATH}?form=prompt-skip`}>
          <input type="hidden" name="intent" value="skip-prompt" />
          <input type="hidden" name="redirectTo" value="/deposit" />
          <button type="submit" className="btn-secondary !px-3">
            {t("protectionLimits.prompt.skip")}
          </button>
        </Form>
      </div>
    </section>
  );
}
