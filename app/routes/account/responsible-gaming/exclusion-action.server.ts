// The shared action of the time-out, self-exclusion and close-account pages: the form, the password again, the
// exclusion, then the player is logged out (cookie cleared) and lands on the log-in page with a notice.
import { messageToken } from "#app/i18n/message.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { confirmPlayerPassword, isExclusionError, type ExclusionKind } from "#app/modules/protection/index.server.ts";
import { clearSessionCookie, clientIp, requirePlayer } from "#app/modules/sessions/index.server.ts";

const statusOf = { rate_limited: 429, not_longer: 409, not_found: 404, wrong_password: 400, invalid_term: 400 } as const;

export async function exclusionAction<S extends z.ZodType<{ password: string }>>(
  { request, context, url }: { request: Request; context: Readonly<RouterContextProvider>; url: URL },
  schema: S,
  kind: ExclusionKind,
  start: (playerId: number, value: z.output<S>, ip: string) => Promise<unknown>,
) {
  const { player } = requirePlayer(context, url);
  const submission = parseWithZod(await request.formData(), { schema });
  const hideFields = ["password"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  try {
    const ip = clientIp(request);
    await confirmPlayerPassword(player, submission.value.password, ip);
    await start(player.id, submission.value, ip);
  } catch (e) {
    if (!isExclusionError(e)) throw e;
    const message = messageToken(e.messageKey, e.params);
    const reply = e.field
      ? submission.reply({ fieldErrors: { [e.field]: [message] }, hideFields })
      : submission.reply({ formErrors: [message], hideFields });
    return data({ result: reply }, { status: statusOf[e.code] });
  }
  // Every session (this one too) was deleted with the exclusion; the cookie goes as well.
  return redirect(`/login?notice=${kind}`, { headers: { "Set-Cookie": await clearSessionCookie() } });
}
