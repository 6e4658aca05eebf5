import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useNavigation, useSubmit } from "react-router";

export type LaunchCardGame = { code: string; name: string; poster: string };

/**
 * The game's poster and name with a Play button (a POST form, so it works without JavaScript). With `autoStart`
 * JavaScript submits it once on mount so the player sees the game at once.
 */
export function LaunchCard({
  game,
  from,
  autoStart,
  again = false,
  error,
}: {
  game: LaunchCardGame;
  from: string;
  autoStart: boolean;
  again?: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const started = useRef(false);
  const submit = useSubmit();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";

  useEffect(() => {
    if (!autoStart || started.current || !form.current) return;
    started.current = true;
    void submit(form.current, { replace: true });
  }, [autoStart, submit]);

  return (
    <section className="mx-auto max-w-sm rounded-xl bg-panel p-4 text-center" data-testid="launch-card">
      <img src={game.poster} alt="" width={320} height={240} className="mx-auto mb-3 aspect-[4/3] w-full rounded-lg object-cover" />
      <h1 className="mb-3 text-xl font-bold text-white">{game.name}</h1>
      {error ? (
        <p className="mb-3 rounded-lg bg-red-900/50 p-2 text-sm text-red-100" role="alert" data-testid="launch-error">
          {error}
        </p>
      ) : null}
      <Form method="post" ref={form} replace>
        <input type="hidden" name="code" value={game.code} />
        <input type="hidden" name="from" value={from} />
        <button type="submit" className="btn-primary w-full" disabled={pending} aria-busy={pending} data-testid="launch-play">
          {pending ? t("gamerun.opening") : again || error ? t("gamerun.playAgain") : t("gamerun.play")}
        </button>
      </Form>
    </section>
  );
}
