// A list filter as a query string, for the export link and the pager (browser-safe: pages build links with it).

/** The filter's fields (blank ones and page left out), with `extra` on top. */
export function filterQuery(values: Record<string, string>, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...values, ...extra })) if (value && name !== "page") q.set(name, value);
  return q.toString();
}
