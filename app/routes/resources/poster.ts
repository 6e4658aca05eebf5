import { findPoster } from "#app/modules/games/index.server.ts";
import type { Route } from "./+types/poster";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });

/** GET /poster/<name>: an uploaded game poster. Names are random and never reused, so they cache for a year. */
export async function loader({ params }: Route.LoaderArgs) {
  const poster = await findPoster(params.name);
  if (!poster) return notFound();
  return new Response(poster.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": poster.mime,
      "Content-Length": String(poster.size),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
