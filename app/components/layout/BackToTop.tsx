import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";

/**
 * A small round button that appears while the player scrolls back up a long page (needs JavaScript; without it the
 * footer has a plain top link). It stays away while scrolling down and near the end of the page, where forms keep
 * their last buttons (Log out on /account, Login on /signup), so it never sits on top of them.
 */
export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const nearEnd = y + window.innerHeight > document.documentElement.scrollHeight - 240;
      setVisible(y > 600 && y < last && !nearEnd);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      aria-label={t("common.backToTop")}
      title={t("common.backToTop")}
      data-testid="back-to-top"
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}
