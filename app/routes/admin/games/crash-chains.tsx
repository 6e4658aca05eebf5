// Crash seeding events: publish a chain (its terminating hash and the public value announced to become the salt),
// then fix the salt once that value exists. Admins only; every step is in the audit log.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { GamesNav } from "#app/components/admin/games/GamesNav.tsx";
import { chainPublishSchema, chainSaltSchema } from "#app/components/admin/games/schemas.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { fixChainSalt, isHouseError, publishChain, publishedChains } from "#app/modules/games/index.server.ts";
import { clientIp } from "#app/modules/sessions/index.server.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { gamesPage, translate } from "./admin-games.server.ts";
import type { Route } from "./+types/crash-chains";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/games/crash-chains";
const actionSchema = z.discriminatedUnion("intent", [chainPublishSchema, chainSaltSchema]);

async function requireChainStaff(request: Request) {
  const { staff } = await requireStaff(request, pageRoles.crashChains);
  return { staffId: staff.id, ip: clientIp(request) };
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireChainStaff(request);
  const chains = await publishedChains();
  const id = Number(url.searchParams.get("chain"));
  const saved = url.searchParams.get("saved");
  const notice =
    Number.isSafeInteger(id) && (saved === "published" || saved === "fixed") ? translate(context, `adminGames.chains.${saved}`, { id }) : null;
  return {
    ...gamesPage(context, "adminGames.chains.title"),
    notice,
    chains: chains.reverse().map((c) => ({
      id: c.id,
      length: c.length,
      terminatingHash: c.terminatingHash,
      saltSource: c.saltSource,
      salt: c.salt,
      publishedAt: formatDhaka(c.publishedAt),
      saltFixedAt: c.saltFixedAt ? formatDhaka(c.saltFixedAt) : null,
      gamesPlayed: c.gamesPlayed,
      status: c.salt === null ? ("waiting" as const) : c.gamesPlayed >= c.length ? ("usedUp" as const) : ("playing" as const),
    })),
  };
}

type ActionData = { form: string; result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireChainStaff(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: actionSchema });
  const chainId = /^\d{1,10}$/.test(String(formData.get("chainId") ?? "")) ? String(formData.get("chainId")) : "unknown";
  const form = formData.get("intent") === "fix" ? `chain-${chainId}` : "publish";
  if (submission.status !== "success") return data<ActionData>({ form, result: submission.reply() }, { status: 400 });
  try {
    const v = submission.value;
    if (v.intent === "publish") {
      const { id } = await publishChain({ saltSource: v.saltSource }, actor);
      return redirect(`${BASE}?${new URLSearchParams({ saved: "published", chain: String(id) })}#chain-${id}`);
    }
    await fixChainSalt(v.chainId, v.salt, actor);
    return redirect(`${BASE}?${new URLSearchParams({ saved: "fixed", chain: String(v.chainId) })}#chain-${v.chainId}`);
  } catch (e) {
    if (!isHouseError(e)) throw e;
    return data<ActionData>({ form, result: submission.reply({ formErrors: [translate(context, e.messageKey)] }) }, { status: 400 });
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function CrashChains({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-4xl p-3 text-sm" data-testid="crash-chains-page">
      <GamesNav />
      <h1 className="mb-1 text-xl font-bold text-white">{t("adminGames.chains.title")}</h1>
      <p className="mb-3 text-white/70">{t("adminGames.chains.intro")}</p>
      {loaderData.notice ? <Notice>{loaderData.notice}</Notice> : null}
      <PublishForm key={loaderData.chains.length} lastResult={actionData?.form === "publish" ? actionData.result : undefined} />
      {loaderData.chains.length === 0 ? <p className="text-white/60">{t("adminGames.chains.empty")}</p> : null}
      <ul className="grid gap-3" data-testid="crash-chains">
        {loaderData.chains.map((c) => (
          <ChainCard key={c.id} chain={c} lastResult={actionData?.form === `chain-${c.id}` ? actionData.result : undefined} />
        ))}
      </ul>
    </main>
  );
}

function PublishForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "publish-chain",
    lastResult,
    constraint: getZodConstraint(chainPublishSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chainPublishSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mb-4 rounded-xl bg-panel p-3">
      <h2 className="mb-2 font-semibold text-white">{t("adminGames.chains.publishTitle")}</h2>
      <input type="hidden" name="intent" value="publish" />
      <AdminErrorList errors={form.errors} id={form.errorId} />
      <AdminField
        label={t("adminGames.chains.saltSource")}
        hint={t("adminGames.chains.saltSourceHint")}
        inputProps={{ ...getInputProps(fields.saltSource, { type: "text" }), key: fields.saltSource.key, autoComplete: "off" }}
        errors={fields.saltSource.errors}
        errorId={fields.saltSource.errorId}
      />
      <SubmitButton label={t("adminGames.chains.publish")} pendingLabel={t("adminGames.chains.publishing")} className="btn-primary" />
    </Form>
  );
}

function ChainCard({ chain: c, lastResult }: { chain: LoaderData["chains"][number]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `chain-salt-${c.id}`,
    lastResult,
    constraint: getZodConstraint(chainSaltSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chainSaltSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const row = (label: string, value: string | null, mono = false) =>
    value === null ? null : (
      <>
        <dt className="text-white/50">{label}</dt>
        <dd className={mono ? "break-all font-mono" : "break-words"}>{value}</dd>
      </>
    );
  return (
    <li id={`chain-${c.id}`} className="rounded-xl bg-panel p-3" data-testid="crash-chain" data-status={c.status}>
      <h2 className="mb-1 font-semibold text-white">
        {t("adminGames.chains.chain", { id: c.id })} · {t(`adminGames.chains.status.${c.status}`)}
      </h2>
      <dl className="mb-2 grid gap-1 text-xs">
        {row(t("adminGames.chains.terminatingHash"), c.terminatingHash, true)}
        {row(t("adminGames.chains.publishedAt"), c.publishedAt)}
        {row(t("adminGames.chains.source"), c.saltSource)}
        {row(t("adminGames.chains.salt"), c.salt, true)}
        {row(t("adminGames.chains.saltFixedAt"), c.saltFixedAt)}
      </dl>
      <p className="text-xs text-white/60">{t("adminGames.chains.games", { played: c.gamesPlayed, length: c.length })}</p>
      {c.status === "waiting" ? (
        <Form method="post" {...getFormProps(form)} className="mt-2">
          <input type="hidden" name="intent" value="fix" />
          <input type="hidden" name="chainId" value={c.id} />
          <AdminErrorList errors={form.errors} id={form.errorId} />
          <AdminField
            label={t("adminGames.chains.saltInput")}
            inputProps={{ ...getInputProps(fields.salt, { type: "text" }), key: fields.salt.key, autoComplete: "off" }}
            errors={fields.salt.errors}
            errorId={fields.salt.errorId}
          />
          <SubmitButton label={t("adminGames.chains.fix")} pendingLabel={t("adminGames.chains.fixing")} className="btn-primary" />
        </Form>
      ) : null}
    </li>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
