import { contactQrSvg } from "#app/modules/content/index.server.ts";
import type { Route } from "./+types/contact-qr";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });

/**
 * GET /resources/contact-qr/<platform>.svg?v=<hash of the link>: the QR code of a contact channel home shows. The
 * page links it with the link's hash, so the image may be cached for a day; a changed link gets a new address.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const platform = /^([a-z]{1,20})\.svg$/.exec(params.file ?? "")?.[1];
  const svg = platform ? await contactQrSvg(platform) : null;
  if (!svg) return notFound();
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      // An image of our own making, still never a document that could run anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
