import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);

export const SITE_TZ = "Asia/Dhaka";

/** A moment shown in Asia/Dhaka with a 24-hour clock, e.g. 2026-11-21 15:04:05. */
export function formatDhaka(value: Date | string | number | null | undefined, format = "YYYY-MM-DD HH:mm:ss") {
  if (value === null || value === undefined) return "";
  return dayjs(value).tz(SITE_TZ).format(format);
}

export { dayjs };
