import { translate } from "#app/i18n/translate.server.ts";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMessageText } from "#app/i18n/message.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import { z } from "zod";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { MinesGrid } from "#app/components/games/house/MinesGrid.tsx";
import { clientSeedSchema } from "#app/components/games/house/schemas.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { fairHowKeys, houseGame, verifierFields, verifierGames, verifyLink } from "#app/modules/games/index.ts";
import {
  isHouseError,
  getActiveSeed,
  listRevealedSeeds,
  publishedChains,
  rotateSeed,
  setClientSeed,
  verifyFairness,
} from "#app/modules/games/index.server.ts";
import { getAuth, requirePlayer } from "#app/modules/sessions/index.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/fair";
import { ErrorList } from "#app/components/forms/Field.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = getAuth(context);
  const seeds = auth
    ? await Promise.all([getActiveSeed(auth.player.id), listRevealedSeeds(auth.player.id)]).then(([active, revealed]) => ({
        active: {
          serverSeedHash: active.serverSeedHash,
          clientSeed: active.clientSeed,
          nonce: active.nonce,
          nextServerSeedHash: active.nextServerSeedHash,
          algorithm: active.algorithm,
        },
        revealed: revealed.map((s) => ({
          id: s.id,
          serverSeed: s.serverSeed,
          serverSeedHash: s.serverSeedHash,
          clientSeed: s.clientSeed,
          bets: s.nonce,
          algorithm: s.algorithm,
          verify: verifyLink(s.lastRound, s.serverSeed),
          revealedAt: formatDhakaDateTime(s.revealedAt),
        })),
      }))
    : null;
  const verifier = await verifyFairness(url.searchParams);
  const chains = (await publishedChains()).reverse().map((c) => ({
    id: c.id,
    terminatingHash: c.terminatingHash,
    publishedAt: formatDhakaDateTime(c.publishedAt),
    saltSource: c.saltSource,
    salt: c.salt,
    saltFixedAt: c.saltFixedAt ? formatDhakaDateTime(c.saltFixedAt) : null,
    gamesPlayed: c.gamesPlayed,
    length: c.length,
  }));
  const page = { title: translate(context, "house.fair.title"), area: areaBundle(context, "house"), seeds, verifier, chains };
  // Wrong verifier inputs are a bad request: the page still shows, with a message next to each wrong field.
  return verifier.errors ? data(page, { status: 400 }) : page;
}

const rotateSchema = z.object({ intent: z.literal("rotate") });
const actionSchema = z.discriminatedUnion("intent", [clientSeedSchema, rotateSchema], { error: "house.errors.clientSeedFormat" });

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), done: false }, { status: 400 });
  try {
    if (submission.value.intent === "rotate") await rotateSeed(player.id);
    else await setClientSeed(player.id, submission.value.clientSeed);
    return { result: submission.reply({ resetForm: true }), done: true };
  } catch (e) {
    if (!isHouseError(e)) throw e;
    return data({ result: submission.reply({ formErrors: [e.token] }), done: false }, { status: 400 });
  }
}

export default function Fair({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl p-3 text-sm" data-testid="fair-page">
      <h1 className="mb-2 text-xl font-bold text-white">{t("house.fair.title")}</h1>
      <p className="mb-4 text-white/70">{t("house.fair.intro")}</p>
      {loaderData.seeds ? (
        <Seeds seeds={loaderData.seeds} actionData={actionData} />
      ) : (
        <p className="mb-4 rounded-xl bg-panel p-4">
          {t("house.fair.loginToSee")}{" "}
          <a className="font-semibold text-brand" href="/login?redirectTo=%2Ffair">
            {t("house.fair.login")}
          </a>
        </p>
      )}
      <Verifier verifier={loaderData.verifier} />
      <Chains chains={loaderData.chains} />
      <How />
    </main>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function Seeds({ seeds, actionData }: { seeds: NonNullable<LoaderData["seeds"]>; actionData: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "client-seed",
    lastResult: actionData?.result,
    constraint: getZodConstraint(clientSeedSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: actionSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="mb-4 rounded-xl bg-panel p-4" aria-labelledby="fair-seeds" data-testid="fair-seeds">
      <h2 id="fair-seeds" className="mb-2 text-lg font-semibold text-white">
        {t("house.fair.seedsTitle")}
      </h2>
      {actionData?.done ? (
        <p className="mb-2 text-emerald-400" role="status">
          {t("house.fair.rotated")}
        </p>
      ) : null}
      <ErrorList errors={form.errors} id={form.errorId} className="field-error mb-2" />
      <dl className="mb-3 grid gap-1 text-xs">
        <dt className="text-white/50">{t("house.seeds.serverSeedHash")}</dt>
        <dd className="break-all font-mono" data-testid="fair-active-hash">
          {seeds.active.serverSeedHash}
        </dd>
        <dt className="text-white/50">{t("house.seeds.clientSeed")}</dt>
        <dd className="break-all font-mono" data-testid="fair-client-seed">
          {seeds.active.clientSeed}
        </dd>
        <dt className="text-white/50">{t("house.seeds.nonce")}</dt>
        <dd className="font-mono">{seeds.active.nonce}</dd>
        <dt className="text-white/50">{t("house.fair.algorithm")}</dt>
        <dd>{t(`house.fair.algorithms.v${seeds.active.algorithm}`)}</dd>
        <dt className="text-white/50">{t("house.seeds.nextServerSeedHash")}</dt>
        <dd className="break-all font-mono" data-testid="fair-next-hash">
          {seeds.active.nextServerSeedHash}
        </dd>
      </dl>
      <Form method="post" action="/fair" {...getFormProps(form)} className="mb-3">
        <input type="hidden" name="intent" value="clientSeed" />
        <div className="field">
          <label htmlFor={fields.clientSeed.id}>{t("house.fair.newClientSeed")}</label>
          <input
            {...getInputProps(fields.clientSeed, { type: "text" })}
            key={fields.clientSeed.key}
            autoComplete="off"
            aria-describedby={`${fields.clientSeed.errorId} client-seed-hint`}
          />
          <p id="client-seed-hint" className="mt-1 text-xs text-white/50">
            {t("house.fair.clientSeedHint")}
          </p>
          <ErrorList errors={fields.clientSeed.errors} id={fields.clientSeed.errorId} />
        </div>
        <SubmitButton label={t("house.fair.saveClientSeed")} pendingLabel={t("house.fair.saving")} className="btn-secondary w-full" />
      </Form>
      <Form method="post" action="/fair">
        <input type="hidden" name="intent" value="rotate" />
        <p className="mb-1 text-xs text-white/50">{t("house.fair.rotateHint")}</p>
        <button type="submit" className="btn-primary w-full" data-testid="fair-rotate">
          {t("house.fair.rotate")}
        </button>
      </Form>
      <h3 className="mb-2 mt-4 font-semibold text-white">{t("house.fair.revealedTitle")}</h3>
      {seeds.revealed.length === 0 ? (
        <p className="text-white/60">{t("house.fair.revealedEmpty")}</p>
      ) : (
        <ul className="grid gap-2" data-testid="fair-revealed">
          {seeds.revealed.map((s) => (
            <li key={s.id} className="rounded-lg bg-ink p-2 text-xs">
              <p className="break-all font-mono">
                <span className="text-white/50">{t("house.fair.serverSeed")}: </span>
                {s.serverSeed}
              </p>
              <p className="break-all font-mono text-white/60">
                <span className="text-white/50">SHA-256: </span>
                {s.serverSeedHash}
              </p>
              <p className="break-all">
                <span className="text-white/50">{t("house.seeds.clientSeed")}: </span>
                {s.clientSeed} · {t("house.fair.bets")}: {s.bets} · {t("house.fair.revealedAt")}: {s.revealedAt} · {t("house.fair.algorithm")}{" "}
                {s.algorithm}
              </p>
              {s.verify ? (
                <a className="font-semibold text-brand" href={s.verify} data-testid="verify-seed">
                  {t("house.fair.verifyThis")} ›
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Verifier({ verifier }: { verifier: LoaderData["verifier"] }) {
  const { t } = useTranslation();
  const { values, result, errors } = verifier;
  const input = ({ name, label, numeric, choices }: (typeof verifierFields)[number]) => {
    const error = errors?.[name];
    const common = {
      id: `verify-${name}`,
      name,
      defaultValue: values[name],
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `verify-${name}-error` : undefined,
    };
    return (
      <div key={name} className="field">
        <label htmlFor={`verify-${name}`}>{t(label)}</label>
        {choices ? (
          <select {...common}>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {t(c.label)}
              </option>
            ))}
          </select>
        ) : (
          <input {...common} type="text" autoComplete="off" inputMode={numeric ? "numeric" : undefined} />
        )}
        <ErrorList errors={error ? [error] : null} id={`verify-${name}-error`} className="field-error" />
      </div>
    );
  };
  return (
    <section id="verifier" className="mb-4 rounded-xl bg-panel p-4" aria-labelledby="fair-verifier" data-testid="fair-verifier">
      <h2 id="fair-verifier" className="mb-1 text-lg font-semibold text-white">
        {t("house.fair.verifierTitle")}
      </h2>
      <p className="mb-3 text-white/60">{t("house.fair.verifierIntro")}</p>
      <form method="get" action="/fair#verifier">
        <fieldset className="mb-3">
          <legend className="mb-1 font-semibold">{t("house.fair.game")}</legend>
          <div className="flex flex-wrap gap-3">
            {verifierGames.map((g) => (
              <label key={g.id} className="flex items-center gap-1">
                <input type="radio" name="game" value={g.id} defaultChecked={(values.game || verifierGames[0]!.id) === g.id} />
                {t(g.fairness.label)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-x-3 sm:grid-cols-2">{verifierFields.map(input)}</div>
        <button type="submit" className="btn-primary w-full">
          {t("house.fair.check")}
        </button>
      </form>
      <ErrorList errors={errors?.game ? [errors.game] : null} className="field-error mt-3" />
      {result ? (
        <div className="mt-3 rounded-lg bg-ink p-3" aria-live="polite" data-testid="verify-result">
          <h3 className="mb-2 font-semibold">{t("house.fair.result")}</h3>
          {"seedHash" in result ? (
            <p className="mb-2 break-all text-xs">
              <span className="text-white/50">{t("house.fair.hashOfSeed")}: </span>
              <span className="font-mono">{result.seedHash}</span>
            </p>
          ) : null}
          <VerifiedResult result={result} />
        </div>
      ) : null}
    </section>
  );
}

/** A recomputed result as its game shows it: one line, and the board's marked tiles for a board game. */
function VerifiedResult({ result }: { result: NonNullable<LoaderData["verifier"]["result"]> }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const game = houseGame(result.game);
  if (!game) return null;
  const shown = game.fairness.display(result);
  const line = (
    <>
      <p className={shown.large ? "text-2xl font-bold" : "mb-2"} data-testid={shown.testId}>
        {t(shown.label)}: {shown.text}
        {shown.unit}
      </p>
      {shown.notes?.map((n) => (
        <p key={n.testId} className="mt-2 break-all text-xs" data-testid={n.testId}>
          {text({ key: n.key, params: n.params })}
        </p>
      ))}
    </>
  );
  if (!shown.board) return line;
  return (
    <>
      {line}
      <div className="max-w-60">
        <MinesGrid board={{ revealed: [], minePositions: shown.board, playing: false }} />
      </div>
    </>
  );
}

/** Every Crash chain with its seeding event: the hash published first, the salt's announced source, then the salt. */
function Chains({ chains }: { chains: LoaderData["chains"] }) {
  const { t } = useTranslation();
  return (
    <section className="mb-4 rounded-xl bg-panel p-4" aria-labelledby="fair-chains" data-testid="fair-chains">
      <h2 id="fair-chains" className="mb-1 text-lg font-semibold text-white">
        {t("house.fair.chains.title")}
      </h2>
      <p className="mb-3 text-white/60">{t("house.fair.chains.intro")}</p>
      {chains.length === 0 ? <p className="text-white/60">{t("house.fair.chains.empty")}</p> : null}
      <ul className="grid gap-2">
        {chains.map((c) => (
          <li key={c.id} className="rounded-lg bg-ink p-2 text-xs" data-testid="fair-chain">
            <p className="mb-1 font-semibold text-white">
              {t("house.fair.chains.chain", { id: c.id })} · {t("house.fair.chains.games", { played: c.gamesPlayed, length: c.length })}
            </p>
            <dl className="grid gap-1">
              <dt className="text-white/50">{t("house.fair.chains.terminatingHash", { at: c.publishedAt })}</dt>
              <dd className="break-all font-mono">{c.terminatingHash}</dd>
              <dt className="text-white/50">{t("house.fair.chains.source")}</dt>
              <dd className="break-words">{c.saltSource}</dd>
              <dt className="text-white/50">
                {c.saltFixedAt ? t("house.fair.chains.salt", { at: c.saltFixedAt }) : t("house.fair.chains.saltPending")}
              </dt>
              <dd className="break-all font-mono" data-testid="fair-chain-salt">
                {c.salt ?? "—"}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

function How() {
  const { t } = useTranslation();
  return (
    <section className="rounded-xl bg-panel p-4 text-white/80" aria-labelledby="fair-how">
      <h2 id="fair-how" className="mb-2 text-lg font-semibold text-white">
        {t("house.fair.howTitle")}
      </h2>
      <ul className="list-disc space-y-2 pl-5">
        {fairHowKeys.map((k) => (
          <li key={k}>{t(k)}</li>
        ))}
      </ul>
    </section>
  );
}
