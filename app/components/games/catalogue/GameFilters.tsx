import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useSubmit } from "react-router";
import type { GameSort } from "#app/modules/games/index.server.ts";
import type { GameType } from "#app/modules/games/index.ts";

export type GamesFilter = { type: string | null; systems: string[]; q: string; sort: GameSort };

const sorts = ["recommend", "latest", "favorite", "az"] as const satisfies readonly GameSort[];

/**
 * The /games filter: a GET form (checked providers are sent as repeated `system` values) that works without
 * JavaScript; with JavaScript a change of provider, category or sort applies at once.
 */
export function GameFilters({
  action,
  filter,
  providers,
  types,
}: {
  action: string;
  filter: GamesFilter;
  /** icon: a same-site image path (providerIconSrc), or "" for the name alone. */
  providers: Array<{ platform: string; name: string; icon: string }>;
  /** The category select, on /games only (category pages are one type). */
  types: GameType[] | null;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const onChange = (e: React.FormEvent<HTMLFormElement>) => {
    if ((e.target as HTMLElement).getAttribute("name") === "q") return;
    submit(e.currentTarget, { replace: true, preventScrollReset: true });
  };
  const field = "rounded-md border border-white/15 bg-ink px-2 py-2 text-sm";
  return (
    <Form
      method="get"
      action={action}
      onChange={onChange}
      className="mb-3 flex flex-col gap-3 rounded-xl bg-panel p-3"
      aria-label={t("casino.filters")}
      data-testid="game-filters"
    >
      {providers.length > 0 ? (
        <fieldset>
          <legend className="mb-1.5 text-xs text-white/60">{t("casino.providers")}</legend>
          <div className="flex flex-wrap gap-1.5">
            {providers.map((p) => (
              <label key={p.platform} className="cursor-pointer">
                <input
                  type="checkbox"
                  name="system"
                  value={p.platform}
                  defaultChecked={filter.systems.includes(p.platform)}
                  className="peer sr-only"
                />
                <span className="flex items-center gap-1.5 rounded-full border border-white/15 px-3 py-1 text-xs peer-checked:border-brand peer-checked:bg-brand peer-checked:font-semibold peer-checked:text-black peer-focus-visible:ring-2 peer-focus-visible:ring-brand">
                  {p.icon ? (
                    <img src={p.icon} alt="" width={16} height={16} loading="lazy" decoding="async" className="size-4 shrink-0 rounded-sm" />
                  ) : null}
                  <span>{p.name}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="grid grid-cols-2 gap-2 md:flex md:items-end">
        <label className="col-span-2 flex flex-col gap-1 text-xs text-white/60 md:flex-1">
          {t("casino.search")}
          <input
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={50}
            placeholder={t("casino.searchPlaceholder")}
            className={`${field} text-white`}
          />
        </label>
        {types ? (
          <label className="flex flex-col gap-1 text-xs text-white/60">
            {t("casino.category")}
            <select name="type" defaultValue={filter.type ?? ""} className={`${field} text-white`}>
              <option value="">{t("casino.allCategories")}</option>
              {types.map((type) => (
                <option key={type} value={type}>
                  {t(`casino.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="flex flex-col gap-1 text-xs text-white/60">
          {t("casino.sort")}
          <select name="sort" defaultValue={filter.sort} className={`${field} text-white`}>
            {sorts.map((s) => (
              <option key={s} value={s}>
                {t(`casino.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-primary text-sm">
          {t("casino.apply")}
        </button>
      </div>
    </Form>
  );
}
