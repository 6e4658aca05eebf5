import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminCheckbox, AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { GamesNav } from "#app/components/admin/games/GamesNav.tsx";
import { providerFormSchema, rotationFormSchema } from "#app/components/admin/games/schemas.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useArea } from "#app/i18n/use-area.ts";
import { finishSecretRotation, isGameAdminError, listAdminProviders, saveProvider, setProviderIcon } from "#app/modules/games/index.server.ts";
import { errorMessage, gamesPage, readImageForm, requireGamesStaff, saveUploadedImage, translate } from "./admin-games.server.ts";
import type { Route } from "./+types/providers";
import { formStatus } from "#app/kernel/domain-error.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/games/providers";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireGamesStaff(request);
  const providers = await listAdminProviders();
  const what = (url.searchParams.get("what") ?? "").slice(0, 60);
  const saved = url.searchParams.get("saved");
  const notice =
    saved === "provider"
      ? translate(context, "adminGames.providers.saved", { name: what })
      : saved === "rotation"
        ? translate(context, "adminGames.providers.rotationFinished", { name: what })
        : saved === "icon"
          ? translate(context, "adminGames.providers.iconSaved", { name: what })
          : saved === "icon-removed"
            ? translate(context, "adminGames.providers.iconRemoved", { name: what })
            : null;
  return {
    ...gamesPage(context, "adminGames.providers.title"),
    notice,
    providers: providers.map((p) => ({
      id: p.id,
      platform: p.platform,
      name: p.name,
      kind: p.kind,
      icon: p.icon,
      active: p.status === "active",
      sortOrder: p.sortOrder,
      baseUrl: p.baseUrl,
      operatorId: p.operatorId,
      secretMask: p.secretMask,
      rotating: p.rotating,
      games: p.games,
    })),
  };
}

type ActionData = { form: string; result: SubmissionResult<string[]> };

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireGamesStaff(request);
  const { formData, refusal } = await readImageForm(request);
  if (refusal) return data<ActionData>({ form: "page", result: { status: "error", error: { "": [refusal.message] } } }, { status: refusal.status });
  const intent = formData.get("intent");
  if (intent === "icon" || intent === "remove-icon") return saveIcon(formData, intent, actor);
  const finishing = formData.get("intent") === "finish-rotation";
  const rowId = /^\d{1,10}$/.test(String(formData.get("id") ?? "")) ? String(formData.get("id")) : "unknown";
  const form = `provider-${rowId}`;
  const submission = parseWithZod(formData, { schema: finishing ? rotationFormSchema : providerFormSchema });
  if (submission.status !== "success") return data<ActionData>({ form, result: submission.reply({ hideFields: ["secret"] }) }, { status: 400 });
  try {
    const v = submission.value;
    if (v.intent === "finish-rotation") {
      const { name } = await finishSecretRotation(v.id, actor);
      return redirect(`${BASE}?${new URLSearchParams({ saved: "rotation", what: name })}#provider-${v.id}`);
    }
    const saved = await saveProvider(
      {
        id: v.id,
        name: v.name,
        status: v.active ? "active" : "inactive",
        sortOrder: v.sortOrder,
        baseUrl: v.baseUrl,
        operatorId: v.operatorId,
        secret: v.secret,
      },
      actor,
    );
    return redirect(`${BASE}?${new URLSearchParams({ saved: "provider", what: saved.name })}#provider-${saved.id}`);
  } catch (e) {
    if (!isGameAdminError(e)) throw e;
    const message = errorMessage(e);
    const reply = e.field
      ? submission.reply({ fieldErrors: { [e.field]: [message] }, hideFields: ["secret"] })
      : submission.reply({ formErrors: [message], hideFields: ["secret"] });
    return data<ActionData>({ form, result: reply }, { status: formStatus(e) });
  }
}

/** Uploads (intent=icon) or removes (intent=remove-icon) a provider's icon, the /games filter chip's picture. */
async function saveIcon(formData: FormData, intent: "icon" | "remove-icon", actor: Awaited<ReturnType<typeof requireGamesStaff>>) {
  const id = /^\d{1,10}$/.test(String(formData.get("id") ?? "")) ? Number(formData.get("id")) : 0;
  try {
    const provider =
      intent === "icon"
        ? await saveUploadedImage(formData.get("icon"), (icon) => setProviderIcon(id, icon, actor))
        : await setProviderIcon(id, "", actor);
    const saved = intent === "icon" ? "icon" : "icon-removed";
    return redirect(`${BASE}?${new URLSearchParams({ saved, what: provider.name })}#provider-${provider.id}`);
  } catch (e) {
    if (!isGameAdminError(e)) throw e;
    return data<ActionData>({ form: `icon-${id}`, result: { status: "error", error: { icon: [errorMessage(e)] } } }, { status: formStatus(e) });
  }
}

type Provider = Route.ComponentProps["loaderData"]["providers"][number];

function IconForms({ provider, errors }: { provider: Provider; errors: string[] | null }) {
  const { t } = useTranslation();
  const inputId = `icon-${provider.id}`;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3 border-t border-white/10 pt-2" data-testid="provider-icon">
      {provider.icon ? (
        <img src={provider.icon} alt="" width={32} height={32} className="size-8 rounded bg-white/10 object-contain" />
      ) : (
        <span className="text-xs text-white/60">{t("adminGames.providers.noIcon")}</span>
      )}
      <Form method="post" action={BASE} encType="multipart/form-data" className="flex flex-wrap items-end gap-2" data-testid="icon-form">
        <input type="hidden" name="intent" value="icon" />
        <input type="hidden" name="id" value={provider.id} />
        <div className="field !mb-0">
          <label htmlFor={inputId}>{t("adminGames.providers.icon")}</label>
          <input
            id={inputId}
            name="icon"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            required
            aria-invalid={errors ? true : undefined}
            aria-describedby={`${inputId}-hint`}
            className="text-sm"
          />
          <div id={`${inputId}-hint`} className="mt-1 text-xs text-white/60">
            {t("adminGames.providers.iconHint")}
          </div>
          <AdminErrorList errors={errors} />
        </div>
        <SubmitButton
          label={t("adminGames.providers.uploadIcon")}
          pendingLabel={t("adminGames.providers.uploadingIcon")}
          action={BASE}
          intent="icon"
          className="btn-secondary !px-3 !py-1.5 text-sm"
        />
      </Form>
      {provider.icon ? (
        <Form method="post" action={BASE}>
          <input type="hidden" name="intent" value="remove-icon" />
          <input type="hidden" name="id" value={provider.id} />
          <SubmitButton
            label={t("adminGames.providers.removeIcon")}
            pendingLabel={t("adminGames.providers.removingIcon")}
            action={BASE}
            intent="remove-icon"
            className="btn-secondary !px-3 !py-1.5 text-sm"
          />
        </Form>
      ) : null}
    </div>
  );
}

function ProviderForm({
  provider,
  lastResult,
  iconErrors,
}: {
  provider: Provider;
  lastResult?: SubmissionResult<string[]>;
  iconErrors: string[] | null;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `provider-${provider.id}`,
    lastResult,
    defaultValue: {
      name: provider.name,
      active: provider.active ? "on" : undefined,
      sortOrder: String(provider.sortOrder),
      baseUrl: provider.baseUrl,
      operatorId: provider.operatorId,
    },
    constraint: getZodConstraint(providerFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: providerFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section id={`provider-${provider.id}`} className="rounded-xl bg-panel p-3" data-testid={`provider-${provider.platform}`}>
      <header className="mb-2 flex flex-wrap items-baseline gap-x-3">
        <h2 className="font-bold">{provider.name}</h2>
        <span className="font-mono text-xs text-white/60">{provider.platform}</span>
        <span className="text-xs text-white/60">
          {t(provider.kind === "house" ? "adminGames.providers.kindHouse" : "adminGames.providers.kindAggregator")}
        </span>
        <span className="text-xs text-white/60">{t("adminGames.providers.games", { count: provider.games })}</span>
      </header>
      <Form method="post" action={BASE} {...getFormProps(form)} autoComplete="off">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="id" value={provider.id} />
        <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
        <div className="grid gap-x-3 sm:grid-cols-[2fr_6rem_auto]">
          <AdminField
            label={t("adminGames.providers.name")}
            inputProps={getInputProps(fields.name, { type: "text" })}
            errors={fields.name.errors}
            errorId={fields.name.errorId}
          />
          <AdminField
            label={t("adminGames.providers.sortOrder")}
            inputProps={{ ...getInputProps(fields.sortOrder, { type: "text" }), inputMode: "numeric" }}
            errors={fields.sortOrder.errors}
            errorId={fields.sortOrder.errorId}
          />
          <div className="mb-3 sm:mt-7">
            <AdminCheckbox label={t("adminGames.providers.active")} inputProps={getInputProps(fields.active, { type: "checkbox" })} />
          </div>
        </div>
        <div className="grid gap-x-3 sm:grid-cols-2">
          <AdminField
            label={t("adminGames.providers.baseUrl")}
            hint={t("adminGames.providers.baseUrlHint")}
            inputProps={{ ...getInputProps(fields.baseUrl, { type: "url" }), placeholder: "https://" }}
            errors={fields.baseUrl.errors}
            errorId={fields.baseUrl.errorId}
          />
          <AdminField
            label={t("adminGames.providers.operatorId")}
            inputProps={getInputProps(fields.operatorId, { type: "text" })}
            errors={fields.operatorId.errors}
            errorId={fields.operatorId.errorId}
          />
        </div>
        <AdminField
          label={t("adminGames.providers.secret")}
          hint={`${provider.secretMask ? t("adminGames.providers.secretSet", { mask: provider.secretMask }) : t("adminGames.providers.secretNotSet")}. ${t("adminGames.providers.secretHint")}`}
          inputProps={{ ...getInputProps(fields.secret, { type: "password" }), autoComplete: "new-password", defaultValue: "" }}
          errors={fields.secret.errors}
          errorId={fields.secret.errorId}
        />
        <SubmitButton
          label={t("adminGames.providers.save")}
          pendingLabel={t("adminGames.providers.saving")}
          action={BASE}
          intent="save"
          className="btn-primary w-full !py-2 sm:w-auto"
        />
      </Form>
      <IconForms provider={provider} errors={iconErrors} />
      {provider.rotating ? (
        <Form
          method="post"
          action={BASE}
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-amber-400/50 bg-amber-500/10 p-2 text-sm"
          data-testid="rotation"
        >
          <input type="hidden" name="intent" value="finish-rotation" />
          <input type="hidden" name="id" value={provider.id} />
          <span>{t("adminGames.providers.rotating")}</span>
          <SubmitButton
            label={t("adminGames.providers.finishRotation")}
            pendingLabel={t("adminGames.providers.finishing")}
            action={BASE}
            intent="finish-rotation"
            className="btn-secondary !px-3 !py-1 text-sm"
          />
        </Form>
      ) : null}
    </section>
  );
}

export default function AdminGameProviders({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const a = actionData as ActionData | undefined;
  return (
    <>
      <h1 className="mb-2 text-xl font-bold">{t("adminGames.title")}</h1>
      <GamesNav />
      {loaderData.notice && !a ? <Notice>{loaderData.notice}</Notice> : null}
      <p className="mb-3 text-sm text-white/60">{t("adminGames.providers.intro")}</p>
      {a?.form === "page" ? <AdminErrorList errors={a.result.error?.[""] ?? null} className="form-error" /> : null}
      <div className="space-y-3">
        {loaderData.providers.map((p) => (
          <ProviderForm
            key={p.id}
            provider={p}
            lastResult={a?.form === `provider-${p.id}` ? a.result : undefined}
            iconErrors={a?.form === `icon-${p.id}` ? (a.result.error?.icon ?? null) : null}
          />
        ))}
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
