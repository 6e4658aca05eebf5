// The provider icon a page may show. Only this site's own images load: the bundled demo images under /demo/
// and the back office's uploads served by /poster/<name> (the same names setGamePoster accepts). Anything else
// (another site's URL, a protocol-relative //host, javascript: or data: URLs, a path with .. or a query) gives
// "", and the page shows the provider's name alone.
const DEMO_IMAGE = /^\/demo(\/[A-Za-z0-9_-]+)+\.(svg|png|jpg|webp)$/;
const UPLOADED = /^\/poster\/[a-f0-9]{32}\.(png|jpg|webp)$/;

export function providerIconSrc(icon: string | null | undefined): string {
  const value = (icon ?? "").trim();
  return DEMO_IMAGE.test(value) || UPLOADED.test(value) ? value : "";
}
