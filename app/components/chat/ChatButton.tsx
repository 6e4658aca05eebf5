import { useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useLocation } from "react-router";

const SIZE = 50;
// A press that moves farther than this is a drag: the button moves and the click is swallowed.
const DRAG_PX = 10;

/**
 * The floating round chat button on every player page: a link to /chat (which is all it is without JavaScript),
 * starting near the bottom right; with JavaScript it can be dragged by mouse or touch (pointer events), and a drag
 * over 10 px does not open the chat.
 */
export function ChatButton() {
  const { t } = useTranslation();
  const [pos, setPos] = useState<{ x: number; y: number } | null>(null);
  const drag = useRef<{ startX: number; startY: number; originX: number; originY: number; moved: boolean } | null>(null);
  const suppress = useRef(false);
  const { pathname } = useLocation();

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

  function onPointerUp() {
    suppress.current = Boolean(drag.current?.moved);
    drag.current = null;
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
      href="/chat"
      className="chat-fab site-chrome"
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
