// An event's live-stream URL as staff may set it: https, no credentials, on a host of the operator's allow-list
// (the same list the CSP frames, so a saved stream always plays). Pure, for the trader's form and the market page.

export type StreamUrlCheck = { ok: true; url: string } | { ok: false; error: "invalid" | "https" | "host" };

/** Checks a URL staff entered against the allowed hosts; the URL is returned normalised (as URL.href). */
export function checkStreamUrl(text: string, allowedHosts: readonly string[]): StreamUrlCheck {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, error: "invalid" };
  }
  if (url.protocol !== "https:") return { ok: false, error: "https" };
  if (url.username || url.password || url.href.length > 500) return { ok: false, error: "invalid" };
  // A port would not match the CSP source "https://<host>" (default port only).
  if (url.port || !allowedHosts.includes(url.hostname)) return { ok: false, error: "host" };
  return { ok: true, url: url.href };
}

/** The URL to frame on the market page: only while its host is still allowed (staff may have removed it since). */
export function playableStream(streamUrl: string | null, allowedHosts: readonly string[]): string | null {
  if (!streamUrl) return null;
  const checked = checkStreamUrl(streamUrl, allowedHosts);
  return checked.ok ? checked.url : null;
}
