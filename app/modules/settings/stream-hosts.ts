// The stream hosts staff allow (general_settings.stream_hosts): plain host names, no scheme, port, path or wildcard,
// because each one becomes a CSP frame-src source ("https://<host>") and the check of an event's stream URL.

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const MAX_STREAM_HOSTS = 20;

/** "player.example.com": a lower-case DNS name with at least one dot (no IP address, no localhost). */
export const isStreamHost = (host: string) => HOST.test(host);

/** The hosts of a textarea (one per line, or separated by commas or spaces), lower-cased, de-duplicated and sorted; null if one is not a host. */
export function parseStreamHosts(text: string): string[] | null {
  const hosts = text
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (hosts.some((h) => !isStreamHost(h))) return null;
  return [...new Set(hosts)].sort();
}
