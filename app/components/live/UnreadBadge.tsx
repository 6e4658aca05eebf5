import { useTranslation } from "#app/i18n/use-translation.ts";
import { useUnreadCount } from "./unread.ts";

/** A link to /inbox with the live unread count (hidden at zero); `testId` tells the header's copies apart. */
export function InboxLink({ unread, testId, className = "" }: { unread: number; testId: string; className?: string }) {
  const { t } = useTranslation();
  const count = useUnreadCount(unread);
  return (
    <a
      href="/inbox"
      className={`relative inline-flex items-center ${className}`}
      data-testid={testId}
      aria-label={`${t("inbox.title")}: ${t("inbox.unreadBadge", { count })}`}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 4h16v16H4zM4 4l8 8 8-8" />
      </svg>
      {count > 0 ? (
        <span
          className="absolute -right-2 -top-1.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[0.65rem] font-bold leading-4 text-white"
          data-testid={`${testId}-count`}
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </a>
  );
}

/** The count alone, for the member menu's Inbox entry. */
export function UnreadCount({ unread }: { unread: number }) {
  const count = useUnreadCount(unread);
  return count > 0 ? (
    <span className="ml-auto rounded-full bg-red-600 px-1.5 text-xs font-bold text-white" data-testid="menu-unread-count">
      {count}
    </span>
  ) : null;
}
