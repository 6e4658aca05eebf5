import { parseWithZod } from "@conform-to/zod/v4";
import { randomUUID } from "node:crypto";
import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { exchangeHandle } from "#app/components/exchange/ExchangeNav.tsx";
import { exchangeId } from "#app/components/exchange/schemas.ts";
import { ErrorList, Field } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle, areasFor } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { cashOutPage, clearAutoCashOut, executeCashOut, setAutoCashOut } from "#app/modules/exchange/index.server.ts";
import { decodeBook, isExchangeError } from "#app/modules/exchange/index.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/cash-out";

export const handle = exchangeHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const PERCENT = "exchange.errors.cashOutPercent";
const AMOUNT = "exchange.errors.cashOutAmount";
const percentField = z.coerce.number({ error: PERCENT }).int(PERCENT).min(1, PERCENT).max(100, PERCENT);
const takaField = z
  .string({ error: AMOUNT })
  .trim()
  .regex(/^\d{1,9}$/, AMOUNT)
  .refine((v) => Number(v) > 0, AMOUNT)
  .transform((v) => BigInt(v) * 100n);

const actionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("confirm"),
      percent: percentField,
      /** The P&L per runner after the cash out, as the player was shown it. */
      shown: z.string().max(2000),
      requestKey: z.string().regex(/^[\w-]{8,64}$/),
    }),
    z.object({ intent: z.literal("auto"), profitTarget: takaField, lossLimit: takaField.optional() }),
    z.object({ intent: z.literal("autoClear") }),
  ],
  { error: PERCENT },
);

const notFound = () => new Response("No such market", { status: 404 });

function marketOf(params: { marketId: string }) {
  const id = exchangeId.safeParse(params.marketId);
  if (!id.success) throw notFound();
  return id.data;
}

async function pageOrNotFound(playerId: number, marketId: number, percent: number) {
  try {
    return await cashOutPage(playerId, marketId, percent);
  } catch (e) {
    if (isExchangeError(e) && e.code === "market_not_found") throw notFound();
    throw e;
  }
}

/** /exchange-cashout/:marketId[?percent=]: the player's cash-out quote in a match-odds market, and the auto cash-out. */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const marketId = marketOf(params);
  const asked = url.searchParams.get("percent");
  const percent = asked === null ? { success: true as const, data: 100 } : percentField.safeParse(asked);
  const page = await pageOrNotFound(player.id, marketId, percent.success ? percent.data : 100);
  const notice = url.searchParams.get("done") ? "exchange.cashOut.done" : null;
  const autoNotice = ({ saved: "exchange.cashOut.auto.saved", cleared: "exchange.cashOut.auto.cleared" } as const)[
    url.searchParams.get("auto") ?? ""
  ];
  const body = {
    ...page,
    title: `${translate(context, "exchange.cashOut.title")} – ${page.eventName}`,
    area: areaBundle(context, "exchange"),
    requestKey: randomUUID(),
    percentError: percent.success ? null : [PERCENT],
    askedPercent: asked,
    notice: notice ? translate(context, notice) : autoNotice ? translate(context, autoNotice) : null,
  };
  return percent.success ? body : data(body, { status: 400 });
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const marketId = marketOf(params);
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), moved: false, areas: [] }, { status: 400 });
  const input = submission.value;
  const base = `/exchange-cashout/${marketId}`;
  try {
    if (input.intent === "autoClear") {
      await clearAutoCashOut(player.id, marketId);
      return redirect(`${base}?auto=cleared`);
    }
    if (input.intent === "auto") {
      await setAutoCashOut(player.id, marketId, input.profitTarget, input.lossLimit ?? null);
      return redirect(`${base}?auto=saved`);
    }
    const shown = decodeBook(input.shown);
    if (!shown) return data({ result: submission.reply({ formErrors: [PERCENT] }), moved: false, areas: [] }, { status: 400 });
    const result = await executeCashOut({ playerId: player.id, marketId, percent: input.percent, shown, requestKey: input.requestKey });
    if (result.done) return redirect(`${base}?done=1`);
    // The book moved (or the position changed): nothing was written; the page shows the new quote to confirm again.
    return data({ result: submission.reply(), moved: true, areas: [] }, { status: 409 });
  } catch (e) {
    if (!isExchangeError(e)) throw e;
    if (e.code === "market_not_found") throw notFound();
    const errors = [e.token];
    return data({ result: submission.reply({ formErrors: errors }), moved: false, areas: areasFor(context, errors) }, { status: 400 });
  }
}

/** A refused confirm (409: the book moved) shows the new quote, so the page's data is read again after it. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

const pnlClass = (v: { negative: boolean }) => (v.negative ? "text-red-400" : "text-emerald-400");

export default function CashOut({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.area, ...(actionData?.areas ?? [])]);
  const { t } = useTranslation();
  const { quote, auto, marketId } = loaderData;
  const action = `/exchange-cashout/${marketId}${loaderData.percent !== 100 ? `?percent=${loaderData.percent}` : ""}`;
  const errors = actionData?.result.error;
  return (
    <main className="mx-auto max-w-xl p-3 pb-20" data-testid="cash-out">
      <header className="mb-3 rounded-xl bg-panel p-3">
        <p className="text-xs text-white/60">
          <a href={`/odds-view?market=${marketId}`} className="underline">
            {t("exchange.cashOut.backToMarket")}
          </a>
        </p>
        <h1 className="text-lg font-bold">
          {t("exchange.cashOut.title")} · {loaderData.eventName}
        </h1>
        <p className="text-sm text-white/70">{loaderData.marketName}</p>
      </header>
      {loaderData.notice ? (
        <p role="status" className="mb-3 rounded-xl bg-emerald-700/40 p-3 text-sm font-semibold" data-testid="cash-out-notice">
          {loaderData.notice}
        </p>
      ) : null}
      {actionData?.moved ? (
        <p role="alert" className="mb-3 rounded-xl bg-amber-700/40 p-3 text-sm font-semibold" data-testid="cash-out-moved">
          {t("exchange.cashOut.moved")}
        </p>
      ) : null}
      <ErrorList errors={errors?.[""]} className="field-error mb-3" />
      <section className="mb-3 rounded-xl bg-panel p-3" aria-labelledby="quote-title">
        <h2 id="quote-title" className="sr-only">
          {t("exchange.cashOut.value")}
        </h2>
        {quote.kind === "ok" ? (
          <>
            <p className="text-sm text-white/70">{t("exchange.cashOut.value")}</p>
            <p className={`text-2xl font-bold tabular-nums ${pnlClass(quote.value)}`} data-testid="cash-out-value">
              {quote.value.text}
            </p>
            <p className="mb-2 text-xs text-white/60">{t("exchange.cashOut.valueNote")}</p>
            <table className="mb-2 w-full text-sm">
              <thead>
                <tr className="text-xs text-white/60">
                  <th scope="col" className="text-left font-normal">
                    {t("exchange.cashOut.runner")}
                  </th>
                  <th scope="col" className="text-right font-normal">
                    {t("exchange.cashOut.now")}
                  </th>
                  <th scope="col" className="text-right font-normal">
                    {t("exchange.cashOut.after")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {quote.rows.map((r) => (
                  <tr key={r.id} className="border-t border-white/10" data-testid="cash-out-runner">
                    <th scope="row" className="py-1 text-left font-semibold">
                      {r.name}
                    </th>
                    <td className={`text-right tabular-nums ${pnlClass(r.now)}`}>{r.now.text}</td>
                    <td className={`text-right tabular-nums ${pnlClass(r.after)}`}>{r.after.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-xs text-white/60">{t("exchange.cashOut.orders")}:</p>
            <ul className="mb-2 text-sm">
              {quote.orders.map((o, i) => (
                <li key={i}>
                  {o.best
                    ? t("exchange.cashOut.orderDepth", {
                        side: t(`exchange.market.${o.side}`),
                        runner: o.runner,
                        stake: o.stake,
                        best: o.best,
                        limit: o.price,
                      })
                    : t("exchange.cashOut.order", { side: t(`exchange.market.${o.side}`), runner: o.runner, stake: o.stake, price: o.price })}
                </li>
              ))}
            </ul>
            <p className="mb-2 text-xs text-white/50">{t("exchange.cashOut.rounding")}</p>
            <Form method="post" action={action} data-testid="cash-out-confirm">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="percent" value={loaderData.percent} />
              <input type="hidden" name="shown" value={quote.shown} />
              <input type="hidden" name="requestKey" value={loaderData.requestKey} />
              <SubmitButton
                intent="confirm"
                label={`${t("exchange.cashOut.confirm", { percent: loaderData.percent })} · ${quote.value.text}`}
                pendingLabel={t("exchange.cashOut.confirming")}
              />
            </Form>
          </>
        ) : loaderData.closed ? (
          // Closed, suspended or ball running: said in the quote's place, so no empty box is left.
          <p className="text-sm">{t(`exchange.errors.${loaderData.closed}`)}</p>
        ) : (
          <p className="text-sm" data-testid="cash-out-none">
            {quote.kind === "thin"
              ? quote.max > 0
                ? t("exchange.cashOut.thin", { percent: loaderData.percent, max: quote.max })
                : t("exchange.cashOut.thinNone")
              : quote.kind === "no_prices"
                ? t("exchange.cashOut.noPrices")
                : t("exchange.cashOut.none")}
          </p>
        )}
        {quote.kind !== "no_position" ? (
          <Form method="get" action={`/exchange-cashout/${marketId}`} className="mt-3 flex items-end gap-2">
            <div className="flex-1">
              <Field
                label={t("exchange.cashOut.percent")}
                inputProps={{
                  id: "percent",
                  name: "percent",
                  inputMode: "numeric",
                  defaultValue: loaderData.askedPercent ?? String(loaderData.percent),
                  "aria-invalid": loaderData.percentError ? true : undefined,
                  "aria-describedby": loaderData.percentError ? "percent-error" : undefined,
                }}
                errors={loaderData.percentError ?? errors?.percent}
                errorId="percent-error"
              />
            </div>
            <button type="submit" className="btn-secondary mb-4">
              {t("exchange.cashOut.showQuote")}
            </button>
          </Form>
        ) : null}
      </section>
      <section className="rounded-xl bg-panel p-3" aria-labelledby="auto-title" data-testid="auto-cash-out">
        <h2 id="auto-title" className="mb-2 font-semibold">
          {t("exchange.cashOut.auto.title")}
        </h2>
        {auto?.status === "armed" ? (
          <p className="mb-2 text-sm" data-testid="auto-cash-out-armed">
            {auto.loss
              ? t("exchange.cashOut.auto.armedLoss", { target: auto.target, loss: auto.loss })
              : t("exchange.cashOut.auto.armed", { target: auto.target })}
          </p>
        ) : auto?.status === "fired" ? (
          <p className="mb-2 text-sm">{t("exchange.cashOut.auto.fired")}</p>
        ) : null}
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="auto" />
          <Field
            label={t("exchange.cashOut.auto.target")}
            inputProps={{ id: "profitTarget", name: "profitTarget", inputMode: "numeric", required: true }}
            errors={errors?.profitTarget}
          />
          <Field
            label={t("exchange.cashOut.auto.loss")}
            inputProps={{ id: "lossLimit", name: "lossLimit", inputMode: "numeric" }}
            errors={errors?.lossLimit}
          />
          <SubmitButton intent="auto" label={t("exchange.cashOut.auto.set")} pendingLabel={t("exchange.cashOut.auto.setting")} />
        </Form>
        {auto?.status === "armed" ? (
          <Form method="post" action={action} className="mt-2">
            <input type="hidden" name="intent" value="autoClear" />
            <button type="submit" className="btn-secondary w-full">
              {t("exchange.cashOut.auto.clear")}
            </button>
          </Form>
        ) : null}
      </section>
    </main>
  );
}
