import { useTranslation } from "#app/i18n/use-translation.ts";

/** Numbered page links (five around the current page) with previous and next. */
export function Pager({ page, pages, link }: { page: number; pages: number; link: (page: number) => string }) {
  const { t } = useTranslation();
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  const cell = "flex min-w-9 items-center justify-center rounded-md px-2 py-1.5 text-sm";
  return (
    <nav className="mt-3 flex flex-col items-center gap-2" aria-label={t("records.page", { page, pages })} data-testid="record-pager">
      <div className="flex gap-1">
        {page > 1 ? (
          <a href={link(page - 1)} className={`${cell} bg-panel`} rel="prev">
            ‹ <span className="sr-only">{t("records.prev")}</span>
          </a>
        ) : null}
        {numbers.map((n) => (
          <a
            key={n}
            href={link(n)}
            className={`${cell} ${n === page ? "bg-brand font-bold text-black" : "bg-panel"}`}
            aria-current={n === page ? "page" : undefined}
          >
            {n}
          </a>
        ))}
        {page < pages ? (
          <a href={link(page + 1)} className={`${cell} bg-panel`} rel="next">
            › <span className="sr-only">{t("records.next")}</span>
          </a>
        ) : null}
      </div>
      <p className="text-xs text-white/50">{t("records.page", { page, pages })}</p>
    </nav>
  );
}
