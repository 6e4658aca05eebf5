import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Appears after 300 px of scrolling (needs JavaScript; without it the footer has a plain top link). */
export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="back-to-top" onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })} data-testid="back-to-top">
      ↑ {t("common.backToTop")}
    </button>
  );
}
