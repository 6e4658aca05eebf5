import { translate, translator } from "#app/i18n/translate.server.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { FormDataParseError, MaxFileSizeExceededError, MultipartParseError, parseFormData } from "@remix-run/form-data-parser";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { BirthdayStep } from "#app/components/identity/BirthdayStep.tsx";
import { db } from "#app/db/db.server.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { PROOF_MAX_BYTES } from "#app/modules/payments/index.ts";
import { birthdayPost } from "#app/modules/profile/index.server.ts";
import {
  IdentityError,
  listPlayerDocuments,
  MAX_PENDING_DOCUMENTS,
  uploadDocument,
  identityState,
  requiredFor,
  verificationOrder,
} from "#app/modules/protection/index.server.ts";
import { documentTypeField, identityDocumentTypes } from "#app/modules/protection/index.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/verification";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const ACTION = "/account/verification";
const BIRTHDAY_ACTION = `${ACTION}?form=birthday`;
const UPLOAD_ACTION = `${ACTION}?form=upload`;

/** /account/verification: every check the operator may need, its state and where to do it; identity document upload. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const [current, documents] = await Promise.all([identityState(db, player.id), listPlayerDocuments(player.id)]);
  if (!current) throw data(null, { status: 404 });
  const required = new Set([...requiredFor(current.settings, "deposit"), ...requiredFor(current.settings, "bet")]);
  return {
    title: translate(context, "identity.title"),
    identity: areaBundle(context, "identity"),
    layout: layoutFor(request.headers.get("user-agent")),
    uploaded: url.searchParams.get("notice") === "uploaded",
    checks: verificationOrder.map((kind) => ({ kind, required: required.has(kind), state: current.state[kind] })),
    documents: documents.map((d) => ({
      id: d.id,
      docType: d.docType,
      status: d.status,
      rejectReason: d.rejectReason,
      createdAt: formatDhakaDateTime(d.createdAt),
    })),
    maxPending: MAX_PENDING_DOCUMENTS,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const t = translator(context);
  const refuse = (field: "docType" | "file", key: string, params: Record<string, string> = {}, status = 400) =>
    data({ upload: { field, error: t(key as MessageKey, params) } }, { status });
  let formData: FormData;
  try {
    formData = await parseFormData(request, { maxFiles: 1, maxFileSize: PROOF_MAX_BYTES });
  } catch (e) {
    if (!(e instanceof FormDataParseError || e instanceof MultipartParseError)) throw e;
    const tooLarge = e instanceof MaxFileSizeExceededError;
    return refuse("file", tooLarge ? "identity.errors.fileTooLarge" : "identity.errors.fileRequired", { mb: "5" }, tooLarge ? 413 : 400);
  }
  if (formData.get("intent") === "birthday") return birthdayPost(context, player.id, formData, ACTION);
  const docType = documentTypeField.safeParse(formData.get("docType"));
  if (!docType.success) return refuse("docType", "identity.errors.typeInvalid");
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) return refuse("file", "identity.errors.fileRequired");
  try {
    await uploadDocument(player.id, { docType: docType.data, file: { bytes: new Uint8Array(await file.arrayBuffer()), declaredName: file.name } });
  } catch (e) {
    if (!(e instanceof IdentityError)) throw e;
    return refuse(e.field === "docType" ? "docType" : "file", e.messageKey, e.params, e.code === "too_many_pending" ? 409 : 400);
  }
  return redirect(`${ACTION}?notice=uploaded`);
}

const stateStyle = {
  done: "bg-accent/20 text-accent-light",
  pending: "bg-amber-400/20 text-amber-200",
  missing: "bg-white/10 text-white/70",
} as const;
const fixLink = { birthday: "#birthday", phone: "/profile", email: "/profile", documents: "#upload" } as const;

export default function Verification({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.identity);
  const { t } = useTranslation();
  const upload = actionData && "upload" in actionData ? actionData.upload : null;
  const birthdayAnswer = actionData && "birthday" in actionData ? actionData.birthday : null;
  const birthdayMissing = loaderData.checks.some((c) => c.kind === "birthday" && c.state === "missing");
  return (
    <AccountFrame layout={loaderData.layout}>
      <main className="grid gap-4" data-testid="verification-page">
        <h1 className="text-lg font-bold">{t("identity.title")}</h1>
        <p className="text-sm text-white/80">{t("identity.page.intro")}</p>

        <section className="rounded-xl bg-panel p-4" aria-labelledby="checks-title">
          <h2 id="checks-title" className="mb-2 text-sm font-semibold text-white/80">
            {t("identity.page.checks")}
          </h2>
          <ul className="divide-y divide-white/10">
            {loaderData.checks.map((c) => (
              <li key={c.kind} className="flex flex-wrap items-center gap-2 py-2" data-testid={`check-${c.kind}`} data-state={c.state}>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{t(`identity.needed.item.${c.kind}`)}</span>
                  <span className="block text-xs text-white/50">{c.required ? t("identity.page.required") : t("identity.page.optional")}</span>
                </span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateStyle[c.state]}`}>{t(`identity.page.${c.state}`)}</span>
                {c.state === "missing" ? (
                  <a href={fixLink[c.kind]} className="text-xs text-brand">
                    {t(`identity.page.fix.${c.kind}`)} ›
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </section>

        {birthdayMissing ? (
          <section id="birthday" className="rounded-xl bg-panel p-4" data-testid="verification-birthday">
            <BirthdayStep
              action={BIRTHDAY_ACTION}
              answer={birthdayAnswer}
              label={t("identity.birthday.label")}
              hint={t("identity.birthday.hint")}
              id="verification-birthday"
            />
          </section>
        ) : null}

        <section id="upload" className="rounded-xl bg-panel p-4" aria-labelledby="upload-title">
          <h2 id="upload-title" className="mb-1 text-sm font-semibold text-white/80">
            {t("identity.page.upload")}
          </h2>
          <p className="mb-3 text-xs text-white/60" data-testid="which-documents">
            {t("identity.page.whichDocuments")}
          </p>
          {loaderData.uploaded ? (
            <p className="mb-3 rounded-md bg-accent/15 px-3 py-2 text-sm text-accent" role="status" data-testid="upload-notice">
              {t("identity.page.uploaded")}
            </p>
          ) : null}
          <Form method="post" action={UPLOAD_ACTION} encType="multipart/form-data" className="grid gap-3">
            <input type="hidden" name="intent" value="upload" />
            <div>
              <label htmlFor="doc-type" className="mb-1 block text-sm">
                {t("identity.page.type")}
              </label>
              <select
                id="doc-type"
                name="docType"
                required
                defaultValue=""
                aria-invalid={upload?.field === "docType" ? true : undefined}
                aria-describedby={upload?.field === "docType" ? "doc-type-error" : undefined}
                className="w-full rounded-md border border-white/20 bg-ink px-2 py-2 text-sm"
              >
                <option value="" disabled>
                  —
                </option>
                {identityDocumentTypes.map((d) => (
                  <option key={d} value={d}>
                    {t(`identity.docType.${d}`)}
                  </option>
                ))}
              </select>
              <ErrorList errors={upload?.field === "docType" ? [upload.error] : undefined} id="doc-type-error" />
            </div>
            <div>
              <label htmlFor="doc-file" className="mb-1 block text-sm">
                {t("identity.page.file")}
              </label>
              <input
                id="doc-file"
                name="file"
                type="file"
                required
                accept="image/jpeg,image/png,image/webp"
                aria-invalid={upload?.field === "file" ? true : undefined}
                aria-describedby={upload?.field === "file" ? "doc-file-error" : undefined}
                className="w-full text-sm"
              />
              <ErrorList errors={upload?.field === "file" ? [upload.error] : undefined} id="doc-file-error" />
            </div>
            <SubmitButton label={t("identity.page.submit")} pendingLabel={t("identity.page.submitting")} action={UPLOAD_ACTION} />
          </Form>
        </section>

        <section className="rounded-xl bg-panel p-4" aria-labelledby="documents-title">
          <h2 id="documents-title" className="mb-2 text-sm font-semibold text-white/80">
            {t("identity.page.documents")}
          </h2>
          {loaderData.documents.length === 0 ? (
            <p className="text-sm text-white/50">{t("identity.page.noDocuments")}</p>
          ) : (
            <ul className="divide-y divide-white/10" data-testid="my-documents">
              {loaderData.documents.map((d) => (
                <li key={d.id} className="py-2 text-sm" data-status={d.status}>
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{t(`identity.docType.${d.docType}`)}</span>
                    <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs">{t(`identity.docStatus.${d.status}`)}</span>
                    <span className="ml-auto text-xs text-white/50 tabular-nums">{t("identity.page.uploadedAt", { time: d.createdAt })}</span>
                  </span>
                  {d.status === "rejected" && d.rejectReason ? (
                    <span className="block text-xs text-red-300">{t("identity.page.rejectedBecause", { reason: d.rejectReason })}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </AccountFrame>
  );
}
