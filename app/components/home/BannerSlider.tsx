import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { HomeContent } from "#app/modules/content/index.server.ts";

/** Spec section 9: the home carousel advances every 3000 ms. */
export const BANNER_AUTOPLAY_MS = 3000;

/**
 * A CSS scroll-snap strip, so without JavaScript it is swiped by hand. With JavaScript it advances on
 * its own (paused while the tab is hidden or the player touches it) and shows dots for the current slide.
 */
export function BannerSlider({ slides }: { slides: HomeContent["banners"] }) {
  const { t } = useTranslation();
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [enhanced, setEnhanced] = useState(false);

  useEffect(() => {
    setEnhanced(true);
    const el = strip.current;
    if (!el || slides.length < 2) return;
    const indexNow = () => Math.round(el.scrollLeft / Math.max(el.clientWidth, 1));
    const onScroll = () => setCurrent(indexNow());
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    let timer: ReturnType<typeof setInterval> | undefined;
    let held = false;
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      stop();
      if (document.hidden || held) return;
      timer = setInterval(() => {
        const next = (indexNow() + 1) % slides.length;
        el.scrollTo({ left: next * el.clientWidth, behavior: reducedMotion ? "auto" : "smooth" });
      }, BANNER_AUTOPLAY_MS);
    };
    const hold = () => {
      held = true;
      stop();
    };
    const release = () => {
      held = false;
      start();
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    el.addEventListener("pointerenter", hold);
    el.addEventListener("pointerleave", release);
    el.addEventListener("touchstart", hold, { passive: true });
    el.addEventListener("touchend", release, { passive: true });
    document.addEventListener("visibilitychange", start);
    start();
    return () => {
      stop();
      el.removeEventListener("scroll", onScroll);
      el.removeEventListener("pointerenter", hold);
      el.removeEventListener("pointerleave", release);
      el.removeEventListener("touchstart", hold);
      el.removeEventListener("touchend", release);
      document.removeEventListener("visibilitychange", start);
    };
  }, [slides.length]);

  if (slides.length === 0) return null;
  const goTo = (i: number) => strip.current?.scrollTo({ left: i * strip.current.clientWidth, behavior: "smooth" });

  return (
    <section
      className={enhanced ? "banner is-enhanced" : "banner"}
      aria-roledescription="carousel"
      aria-label={t("home.banners")}
      data-testid="banner-slider"
    >
      <div className="banner-strip" ref={strip}>
        {slides.map((slide, i) => {
          const image = (
            <img
              src={slide.image}
              alt={slide.title}
              width={1200}
              height={400}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : "low"}
              decoding={i === 0 ? "sync" : "async"}
            />
          );
          return (
            <div
              className="banner-slide"
              key={slide.id}
              aria-roledescription="slide"
              aria-label={t("home.goToSlide", { n: i + 1, total: slides.length })}
            >
              {slide.link ? <a href={slide.link}>{image}</a> : image}
            </div>
          );
        })}
      </div>
      {enhanced && slides.length > 1 ? (
        <div className="banner-dots" data-testid="banner-dots">
          {slides.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              className="banner-dot"
              aria-label={t("home.goToSlide", { n: i + 1, total: slides.length })}
              aria-current={i === current ? "true" : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
