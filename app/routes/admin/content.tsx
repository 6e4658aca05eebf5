import { translate } from "#app/i18n/translate.server.ts";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FormDataParseError, MaxFileSizeExceededError, MultipartParseError, parseFormData } from "@remix-run/form-data-parser";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, Notice } from "#app/components/admin/AdminField.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { contentFormSchema, type ContentKind, contentKindNames, contentKinds, type FieldDef, isContentKind } from "#app/modules/content/index.ts";
import {
  CONTENT_IMAGE_MAX_BYTES,
  getContent,
  getSingleContent,
  isContentAdminError,
  listContent,
  saveContent,
} from "#app/modules/content/index.server.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/content";
import { formStatus } from "#app/kernel/domain-error.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const fieldsOf = (kind: ContentKind) => contentKinds[kind].fields as readonly FieldDef[];
const kindDef = (kind: ContentKind) => contentKinds[kind] as { single?: boolean; fixed?: boolean; columns: readonly string[] };

/** What ?edit= names: a new row ("new", not for fixed or single kinds), a row id, or nothing. */
function editTarget(kind: ContentKind, edit: string | null): "new" | number | null {
  if (kindDef(kind).single) return null;
  if (edit === "new" && !kindDef(kind).fixed) return "new";
  if (edit && /^\d{1,10}$/.test(edit)) return Number(edit);
  return null;
}

const shown = (v: unknown) => (v instanceof Date ? formatDhaka(v) : v === null || v === undefined ? "" : String(v));
const formValues = (kind: ContentKind, row: Record<string, unknown> | null) =>
  Object.fromEntries(fieldsOf(kind).map((f) => [f.name, row ? shown(row[f.name]) : f.type === "select" ? f.options![0]! : ""]));

function requireKind(kind: string | undefined): ContentKind {
  if (!isContentKind(kind)) throw data(null, { status: 404 });
  return kind;
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.content);
  if (!params.kind) throw redirect("/admin/content/sliders");
  const kind = requireKind(params.kind);
  const def = kindDef(kind);
  const target = editTarget(kind, url.searchParams.get("edit"));
  let editing: { id: number | null; values: Record<string, string> } | null = null;
  if (def.single) {
    const row = await getSingleContent(kind);
    if (!row) throw data(null, { status: 404 });
    editing = { id: row.id, values: formValues(kind, row) };
  } else if (target === "new") {
    editing = { id: null, values: formValues(kind, null) };
  } else if (target !== null) {
    const row = await getContent(kind, target);
    if (!row) throw data(null, { status: 404 });
    editing = { id: row.id, values: formValues(kind, row) };
  }
  const rows = def.single ? [] : await listContent(kind);
  return {
    title: `${translate(context, "adminContent.title")} · ${translate(context, `adminContent.kinds.${kind}`)}`,
    i18n: areaBundle(context, "adminContent"),
    kind,
    saved: url.searchParams.get("saved") === "1",
    rows: rows.map((r) => ({ id: r.id, cells: Object.fromEntries(def.columns.map((c) => [c, shown(r[c])])) })),
    editing,
  };
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, params, url }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, pageRoles.content);
  const kind = requireKind(params.kind);
  let formData: FormData;
  try {
    formData = await parseFormData(request, { maxFiles: 4, maxFileSize: CONTENT_IMAGE_MAX_BYTES });
  } catch (e) {
    if (!(e instanceof FormDataParseError || e instanceof MultipartParseError)) throw e;
    const tooLarge = e instanceof MaxFileSizeExceededError;
    return data<ActionData>(
      { result: { status: "error", error: { "": [tooLarge ? "adminContent.errors.imageTooLarge" : "adminContent.errors.imageType"] } } },
      { status: tooLarge ? 413 : 400 },
    );
  }
  // The URL, never a form field, says which row changes.
  let id: number | null;
  if (kindDef(kind).single) {
    const row = await getSingleContent(kind);
    if (!row) throw data(null, { status: 404 });
    id = row.id;
  } else {
    const target = editTarget(kind, url.searchParams.get("edit"));
    if (target === null) throw data(null, { status: 404 });
    id = target === "new" ? null : target;
  }
  const submission = parseWithZod(formData, { schema: contentFormSchema(kind) });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const uploads: Record<string, Uint8Array | null> = {};
  for (const f of fieldsOf(kind)) {
    if (f.type !== "image") continue;
    const file = formData.get(f.name);
    uploads[f.name] = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  }
  try {
    await saveContent(kind, { staffId: staff.id, ip: clientIp(request) }, id, submission.value, uploads);
  } catch (e) {
    if (!isContentAdminError(e)) throw e;
    const reply = e.field ? submission.reply({ fieldErrors: { [e.field]: [e.messageKey] } }) : submission.reply({ formErrors: [e.messageKey] });
    return data<ActionData>({ result: reply }, { status: formStatus(e) });
  }
  return redirect(`/admin/content/${kind}?saved=1`);
}

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { kind, rows, editing, saved } = loaderData;
  const def = kindDef(kind);
  const label = (name: string) => t(`adminContent.fields.${name}` as "adminContent.fields.link");
  return (
    <>
      <nav className="mb-3 flex flex-wrap gap-1 text-sm" aria-label={t("adminContent.title")} data-testid="content-nav">
        {contentKindNames.map((k) => (
          <Link
            key={k}
            to={`/admin/content/${k}`}
            aria-current={k === kind ? "page" : undefined}
            className={`rounded px-3 py-1.5 ${k === kind ? "bg-white/10 font-bold text-brand" : "text-white/80 hover:bg-white/5"}`}
          >
            {t(`adminContent.kinds.${k}`)}
          </Link>
        ))}
      </nav>
      <h1 className="mb-1 text-xl font-bold">{t(`adminContent.kinds.${kind}`)}</h1>
      <p className="mb-3 text-sm text-white/60">{t(`adminContent.hints.${kind}`)}</p>
      {saved && !actionData ? <Notice>{t("adminContent.saved")}</Notice> : null}
      {def.single ? null : (
        <section className="mb-4 overflow-x-auto rounded-xl bg-panel p-3" data-testid="content-list">
          {rows.length === 0 ? (
            <p className="text-sm text-white/60">{t("adminContent.none")}</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="text-white/60">
                <tr>
                  <th className="p-2">#</th>
                  {def.columns.map((c) => (
                    <th key={c} className="p-2">
                      {label(c)}
                    </th>
                  ))}
                  <th className="p-2" />
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-t border-white/10" data-testid="content-row">
                    <td className="p-2 tabular-nums">{r.id}</td>
                    {def.columns.map((c) => (
                      <td key={c} className="max-w-[18rem] truncate p-2">
                        {fieldsOf(kind).find((f) => f.name === c)?.type === "image" ? (
                          r.cells[c] ? (
                            <img src={r.cells[c]} alt="" width={80} height={40} className="h-10 w-20 rounded bg-white/10 object-cover" />
                          ) : null
                        ) : (
                          <Cell kind={kind} name={c} value={r.cells[c] ?? ""} />
                        )}
                      </td>
                    ))}
                    <td className="p-2 text-right">
                      <Link to={`/admin/content/${kind}?edit=${r.id}`} className="text-brand" data-testid={`edit-${r.id}`}>
                        {t("adminContent.edit")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {def.fixed ? null : (
            <Link to={`/admin/content/${kind}?edit=new`} className="btn-secondary mt-3 inline-block" data-testid="content-add">
              {t("adminContent.add")}
            </Link>
          )}
        </section>
      )}
      {editing ? <ContentForm key={`${kind}-${editing.id ?? "new"}`} kind={kind} editing={editing} lastResult={actionData?.result} /> : null}
    </>
  );
}

/** Option values shown by their translated names; other cells as they are. */
function Cell({ kind, name, value }: { kind: ContentKind; name: string; value: string }) {
  const { t } = useTranslation();
  const field = fieldsOf(kind).find((f) => f.name === name);
  if (field?.type === "select" || name === "slug") return <>{t(`adminContent.options.${value}` as "adminContent.options.active")}</>;
  return <>{value}</>;
}

function ContentForm({
  kind,
  editing,
  lastResult,
}: {
  kind: ContentKind;
  editing: { id: number | null; values: Record<string, string> };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const schema = contentFormSchema(kind);
  const single = kindDef(kind).single;
  const action = single ? `/admin/content/${kind}` : `/admin/content/${kind}?edit=${editing.id ?? "new"}`;
  const [form, fields] = useForm({
    id: `content-${kind}-${editing.id ?? "new"}`,
    lastResult,
    defaultValue: editing.values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const label = (name: string) => t(`adminContent.fields.${name}` as "adminContent.fields.link");
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="rounded-xl bg-panel p-4"
      data-testid="content-form"
    >
      {single ? null : <h2 className="mb-3 font-bold">{editing.id ? t("adminContent.editing", { id: editing.id }) : t("adminContent.adding")}</h2>}
      <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <div className="grid gap-x-4 md:grid-cols-2">
        {fieldsOf(kind).map((f) => {
          const field = fields[f.name]!;
          const common = { lang: f.bn ? "bn" : undefined };
          if (f.type === "image") {
            const current = editing.values[f.name];
            return (
              <div key={f.name} className="field">
                <label htmlFor={`${form.id}-${f.name}`}>{label(f.name)}</label>
                {current ? (
                  <div className="mb-1 flex items-center gap-2 text-xs text-white/60">
                    {t("adminContent.current")}:{" "}
                    <img src={current} alt="" width={80} height={40} className="h-10 w-20 rounded bg-white/10 object-contain" />
                  </div>
                ) : null}
                <input
                  id={`${form.id}-${f.name}`}
                  name={f.name}
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  aria-invalid={field.errors ? true : undefined}
                  aria-describedby={`${form.id}-${f.name}-hint`}
                />
                <div id={`${form.id}-${f.name}-hint`} className="mt-1 text-xs text-white/60">
                  {t("adminContent.imageHint")}
                </div>
                <AdminErrorList errors={field.errors} id={field.errorId} />
              </div>
            );
          }
          return (
            <div key={f.name} className={`field ${f.type === "textarea" ? "md:col-span-1" : ""}`}>
              <label htmlFor={field.id}>{label(f.name)}</label>
              {f.type === "textarea" ? (
                <textarea {...getTextareaProps(field)} key={field.key} rows={8} className="w-full" {...common} />
              ) : f.type === "select" ? (
                <select {...getSelectProps(field)} key={field.key}>
                  {f.options!.map((o) => (
                    <option key={o} value={o}>
                      {t(`adminContent.options.${o}` as "adminContent.options.active")}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...getInputProps(field, { type: f.type === "email" ? "email" : "text" })}
                  key={field.key}
                  {...common}
                  {...(f.type === "number" ? { inputMode: "numeric" as const } : {})}
                />
              )}
              {f.type === "link" ? <div className="mt-1 text-xs text-white/60">{t("adminContent.linkHint")}</div> : null}
              <AdminErrorList errors={field.errors} id={field.errorId} />
            </div>
          );
        })}
      </div>
      <div className="mt-2 flex gap-2">
        <SubmitButton label={t("adminContent.save")} pendingLabel={t("adminContent.saving")} action={action} className="btn-primary" />
        {single ? null : (
          <Link to={`/admin/content/${kind}`} className="btn-secondary">
            {t("adminContent.cancel")}
          </Link>
        )}
      </div>
    </Form>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
