import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useLocation } from "react-router";
import { type Box, freeSpot, type Spot } from "./free-spot.ts";

const SIZE = 50;
// A press that moves farther than this is a drag: the button moves and the click is swallowed.
const DRAG_PX = 10;
const CONTROLS = "a[href], button, input, select, textarea, label, summary, [role=button], [tabindex]:not([tabindex='-1'])";

/** The boxes of the page's visible controls, the button itself and whatever floats beside it left out. */
function controlBoxes(self: Element): Box[] {
  const boxes: Box[] = [];
  for (const element of Array.from(document.querySelectorAll(CONTROLS))) {
    if (self.contains(element) || element.closest("[data-floating]")) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width && rect.height && element.checkVisibility?.({ visibilityProperty: true }) !== false) boxes.push(rect);
  }
  return boxes;
}

/**
 * The floating round chat button on every player page: a link to /chat (which is all it is without JavaScript),
 * starting near the bottom right; with JavaScript it can be dragged by mouse or touch (pointer events), and a drag
 * over 10 px does not open the chat. It never covers a control: as the page scrolls or changes it steps up or down
 * (or to the other edge) to the nearest free place, and hides when there is none. Without JavaScript it is not
 * floating at all but sits at the end of the page (app.css).
 */
export function ChatButton() {
  const { t } = useTranslation();
  const [pos, setPos] = useState<{ x: number; y: number } | null>(null);
  const drag = useRef<{ startX: number; startY: number; originX: number; originY: number; moved: boolean } | null>(null);
  const suppress = useRef(false);
  const { pathname } = useLocation();
  const self = useRef<HTMLAnchorElement>(null);
  // Where the player wants it (the start, or where they dropped it); it sits at the nearest place free of controls.
  const wanted = useRef<Spot | null>(null);
  const [hidden, setHidden] = useState(false);
  const replace = useRef<() => void>(() => {});

  useEffect(() => {
    const button = self.current;
    if (!button) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      if (drag.current?.moved) return;
      if (!wanted.current) {
        const rect = button.getBoundingClientRect();
        wanted.current = { x: rect.left, y: rect.top };
      }
      const spot = freeSpot(controlBoxes(button), { width: window.innerWidth, height: window.innerHeight }, wanted.current, SIZE);
      setHidden(!spot);
      if (spot) setPos((current) => (current && current.x === spot.x && current.y === spot.y ? current : spot));
    };
    const schedule = () => (frame ||= requestAnimationFrame(place));
    replace.current = schedule;
    place();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    window.addEventListener("hashchange", schedule);
    // Content that comes and goes (a bet slip, a modal, a list loaded later) moves the controls under the button.
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["class", "hidden", "open", "style", "data-open"],
    });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      window.removeEventListener("hashchange", schedule);
      observer.disconnect();
    };
  }, [pathname]);

  function onPointerDown(e: React.PointerEvent<HTMLAnchorElement>) {
    const rect = e.currentTarget.getBoundingClientRect();
    drag.current = { startX: e.clientX, startY: e.clientY, originX: rect.left, originY: rect.top, moved: false };
    suppress.current = false;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  }

  function onPointerMove(e: React.PointerEvent<HTMLAnchorElement>) {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.startX;
    const dy = e.clientY - d.startY;
    if (!d.moved && Math.hypot(dx, dy) <= DRAG_PX) return;
    d.moved = true;
    const maxX = window.innerWidth - SIZE;
    const maxY = window.innerHeight - SIZE;
    setPos({ x: Math.min(Math.max(0, d.originX + dx), maxX), y: Math.min(Math.max(0, d.originY + dy), maxY) });
  }

  function onPointerUp(e: React.PointerEvent<HTMLAnchorElement>) {
    const moved = Boolean(drag.current?.moved);
    suppress.current = moved;
    drag.current = null;
    if (moved) {
      // Where it was dropped is where the player wants it; from there it only steps off a control.
      const rect = e.currentTarget.getBoundingClientRect();
      wanted.current = { x: rect.left, y: rect.top };
      replace.current();
    }
  }

  function onClick(e: React.MouseEvent) {
    if (suppress.current) {
      e.preventDefault();
      suppress.current = false;
    }
  }

  // On the chat pages themselves it would only cover the message box.
  if (/^\/chat(-list|-box\/|$)/.test(pathname)) return null;
  return (
    <a
      ref={self}
      href="/chat"
      className="chat-fab site-chrome"
      data-floating=""
      data-placed={pos ? "" : undefined}
      hidden={hidden}
      style={pos ? { left: pos.x, top: pos.y, right: "auto", bottom: "auto" } : undefined}
      aria-label={t("chat.button")}
      title={t("chat.button")}
      data-testid="chat-button"
      draggable={false}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onClick={onClick}
    >
      <svg
        aria-hidden="true"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
      </svg>
    </a>
  );
}
