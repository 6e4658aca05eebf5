import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);

export const SITE_TZ = "Asia/Dhaka";

// Asia/Dhaka has been UTC+6 without daylight saving since 2010 (it tried +7 in the second half of 2009). From then on
// the offset is added directly: the time-zone plugin asks Intl on every call, which costs home a third of a
// millisecond per request. Earlier moments and zone tokens (Z, z) still go through the plugin.
const FIXED_SINCE = Date.UTC(2010, 0, 1);
const DHAKA_OFFSET_MS = 6 * 3_600_000;

/** A moment shown in Asia/Dhaka with a 24-hour clock, e.g. 2026-11-21 15:04:05. */
export function formatDhaka(value: Date | string | number | null | undefined, format = "YYYY-MM-DD HH:mm:ss") {
  if (value === null || value === undefined) return "";
  const moment = dayjs(value);
  if (!moment.isValid()) return moment.format(format);
  if (moment.valueOf() < FIXED_SINCE || /[Zz]/.test(format.replace(/\[[^\]]*\]/g, ""))) return moment.tz(SITE_TZ).format(format);
  return dayjs.utc(moment.valueOf() + DHAKA_OFFSET_MS).format(format);
}

export { dayjs };
