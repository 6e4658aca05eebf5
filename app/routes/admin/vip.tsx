import { translate } from "#app/i18n/translate.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect, useLocation } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, Notice } from "#app/components/admin/AdminField.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { clientIp } from "#app/modules/sessions/index.server.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { deleteLevel, listLevels, readVipSettings, saveLevel, saveVipRule } from "#app/modules/vip/index.server.ts";
import { levelSchema, ruleSchema } from "#app/modules/vip/index.ts";
import type { Route } from "./+types/vip";
import { takaInput } from "#app/kernel/money.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/vip";
const notices = ["saved", "unchanged", "deleted"] as const;
type NoticeKey = (typeof notices)[number];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, pageRoles.vip);
  const [levels, settings] = await Promise.all([listLevels(), readVipSettings()]);
  const notice = url.searchParams.get("notice");
  return {
    title: translate(context, "vip.admin.title"),
    i18n: areaBundle(context, "vip"),
    notice: (notices as readonly string[]).includes(notice ?? "") ? (notice as NoticeKey) : null,
    rule: { stakePerPoint: takaInput(settings.stakePerPoint), minConvert: String(settings.minConvert) },
    levels: levels.map((l) => ({
      id: l.id,
      name: l.name,
      nameBn: l.nameBn ?? "",
      experience: String(l.experience),
      ratio: String(l.ratio),
      sortOrder: String(l.sortOrder),
    })),
  };
}

/** Which form answered (the rule, a level's row, or the new level) and its messages by field. */
type ActionData = { form: string; errors: Record<string, string[]>; values: Record<string, string> };

const fieldErrors = (error: Record<string, string[] | null> | null | undefined) =>
  Object.fromEntries(Object.entries(error ?? {}).filter((e): e is [string, string[]] => Array.isArray(e[1])));

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, pageRoles.vip);
  const actor = { id: staff.id, ip: clientIp(request) };
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = /^\d{1,9}$/.test(String(formData.get("id") ?? "")) ? Number(formData.get("id")) : undefined;
  const form = intent === "rule" ? "rule" : id ? `level-${id}` : "level-new";
  // The refused form shows what was typed again (a page without JavaScript is rendered anew).
  const values = Object.fromEntries(
    ["name", "nameBn", "experience", "ratio", "sortOrder", "stakePerPoint", "minConvert"].map((k) => [k, String(formData.get(k) ?? "").slice(0, 60)]),
  );
  const refuse = (errors: Record<string, string[]>) => data<ActionData>({ form, errors, values }, { status: 400 });

  if (intent === "rule") {
    const submission = parseWithZod(formData, { schema: ruleSchema });
    if (submission.status !== "success") return refuse(fieldErrors(submission.reply().error));
    const { changed } = await saveVipRule(actor, submission.value);
    return redirect(`${BASE}?notice=${changed ? "saved" : "unchanged"}`);
  }
  if (intent === "delete" && id) {
    const done = await deleteLevel(actor, id);
    if (!done.ok) return refuse({ "": [done.error] });
    return redirect(`${BASE}?notice=deleted`);
  }
  const submission = parseWithZod(formData, { schema: levelSchema });
  if (submission.status !== "success") return refuse(fieldErrors(submission.reply().error));
  const saved = await saveLevel(actor, { ...submission.value, id });
  if (!saved.ok) return refuse({ [saved.field === "form" ? "" : saved.field]: [saved.error] });
  return redirect(`${BASE}?notice=saved#level-${saved.id}`);
}

function Input({
  name,
  label,
  defaultValue,
  errors,
  className = "",
  lang,
}: {
  name: string;
  label: string;
  defaultValue: string;
  errors?: string[];
  className?: string;
  /** The language of what is typed (the Bangla name's field), for screen readers and spelling. */
  lang?: string;
}) {
  return (
    <label className={`flex flex-col gap-1 text-xs text-white/70 ${className}`}>
      {label}
      <input
        name={name}
        lang={lang}
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        className="rounded-md border border-white/20 bg-black/20 px-2 py-1.5 text-sm text-white"
      />
      <AdminErrorList errors={errors} />
    </label>
  );
}

type LevelRow = { id: number | null; name: string; nameBn: string; experience: string; ratio: string; sortOrder: string };

function LevelForm({ level, answer }: { level: LevelRow; answer: ActionData | undefined }) {
  const { t } = useTranslation();
  const key = level.id ? `level-${level.id}` : "level-new";
  const mine = answer?.form === key ? answer : undefined;
  const errors = mine?.errors ?? {};
  const value = (name: keyof LevelRow) => mine?.values[name] ?? String(level[name] ?? "");
  return (
    <Form
      method="post"
      action={BASE}
      id={key}
      className="grid grid-cols-2 items-start gap-2 border-t border-white/10 py-3 md:grid-cols-[2fr_2fr_1fr_1fr_5rem_auto]"
      data-testid="vip-level-form"
    >
      {level.id ? <input type="hidden" name="id" value={level.id} /> : null}
      <Input name="name" label={t("vip.admin.name")} defaultValue={value("name")} errors={errors.name} />
      <Input name="nameBn" label={t("vip.admin.nameBn")} defaultValue={value("nameBn")} errors={errors.nameBn} lang="bn" />
      <Input name="experience" label={t("vip.admin.experience")} defaultValue={value("experience")} errors={errors.experience} />
      <Input name="ratio" label={t("vip.admin.ratio")} defaultValue={value("ratio")} errors={errors.ratio} />
      <Input name="sortOrder" label={t("vip.admin.order")} defaultValue={value("sortOrder")} errors={errors.sortOrder} />
      <div className="flex gap-2 self-end">
        <button type="submit" name="intent" value="level" className="btn-primary !px-3 !py-1.5 text-sm">
          {level.id ? t("vip.admin.save") : t("vip.admin.add")}
        </button>
        {level.id ? (
          <button type="submit" name="intent" value="delete" className="btn-secondary !px-3 !py-1.5 text-sm">
            {t("vip.admin.delete")}
          </button>
        ) : null}
      </div>
      <AdminErrorList errors={errors[""]} className="form-error col-span-full" />
    </Form>
  );
}

export default function AdminVip({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  // A saved form comes back by a redirect: a new location remounts the add-level form, emptied. A refusal keeps it
  // (React Router shows a refusal before it commits the new location; a remount then would wipe what was typed since).
  const { key: locationKey } = useLocation();
  const addFormKey = actionData ? "refused" : locationKey;
  const ruleAnswer = actionData?.form === "rule" ? actionData : undefined;
  const ruleErrors = ruleAnswer?.errors ?? {};
  return (
    <>
      <h1 className="mb-3 text-xl font-bold">{t("vip.admin.title")}</h1>
      {loaderData.notice && !actionData ? <Notice>{t(`vip.admin.${loaderData.notice}`)}</Notice> : null}
      <section className="mb-4 rounded-xl bg-panel p-4">
        <h2 className="mb-2 font-bold">{t("vip.admin.rule")}</h2>
        <Form method="post" action={BASE} className="flex flex-wrap items-start gap-3" data-testid="vip-rule-form">
          <input type="hidden" name="intent" value="rule" />
          <Input
            name="stakePerPoint"
            label={t("vip.admin.stakePerPoint")}
            defaultValue={ruleAnswer?.values.stakePerPoint ?? loaderData.rule.stakePerPoint}
            errors={ruleErrors.stakePerPoint}
          />
          <Input
            name="minConvert"
            label={t("vip.admin.minConvert")}
            defaultValue={ruleAnswer?.values.minConvert ?? loaderData.rule.minConvert}
            errors={ruleErrors.minConvert}
          />
          <button type="submit" className="btn-primary mt-5 !px-3 !py-1.5 text-sm">
            {t("vip.admin.saveRule")}
          </button>
        </Form>
        <p className="mt-2 text-xs text-white/60">{t("vip.admin.stakePerPointHint")}</p>
      </section>
      <section className="rounded-xl bg-panel p-4" data-testid="vip-levels">
        <h2 className="mb-1 font-bold">{t("vip.admin.levels")}</h2>
        <p className="mb-2 text-xs text-white/60">{t("vip.admin.ratioHint")}</p>
        <p className="mb-2 text-xs text-white/60">{t("vip.admin.nameBnHint")}</p>
        {loaderData.levels.map((l) => (
          <LevelForm key={`${l.id}-${l.name}-${l.nameBn}-${l.experience}-${l.ratio}-${l.sortOrder}`} level={l} answer={actionData} />
        ))}
        <LevelForm
          key={addFormKey}
          level={{ id: null, name: "", nameBn: "", experience: "", ratio: "400", sortOrder: String(loaderData.levels.length + 1) }}
          answer={actionData}
        />
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
