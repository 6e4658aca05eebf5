// How reality checks show the time since log-in: a duration in hours and minutes. Their signed taka figures are the
// kernel's takaText(poisha, { plus: true }): "+৳1,200.00", "−৳300.00" (a real minus sign), "৳0.00".

/** Whole minutes and hours of a duration, for the strings "{{m}} min" and "{{h}} h {{m}} min". */
export function durationParts(ms: number): { h: number; m: number } {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}
