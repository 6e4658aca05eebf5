import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useFetcher } from "react-router";
import { useArea } from "#app/i18n/use-area.ts";
import type { RealityClientData } from "#app/modules/protection/index.server.ts";
import type { action as realityAction, loader as realityLoader } from "#app/routes/account/responsible-gaming/reality-interstitial.tsx";
import { RealityFigures, RealityLinks } from "./RealityCheckParts.tsx";

/**
 * The reality check over a game page (with JavaScript): a timer opens a modal dialog when the check is due; it
 * loads fresh figures and stays until the player acknowledges it (Escape and clicks outside do nothing; the rest of
 * the page is inert). Acknowledging posts to /reality-check and re-arms the timer with the next due time.
 * Without JavaScript the game page's loader sends the player to the /reality-check page instead.
 */
export function RealityCheckModal({ reality }: { reality: RealityClientData }) {
  useArea(reality.area);
  const { t } = useTranslation();
  const figures = useFetcher<typeof realityLoader>();
  const ack = useFetcher<typeof realityAction>();
  const [open, setOpen] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;
  const dialog = useRef<HTMLDialogElement>(null);
  // When the check falls due by this browser's clock: the server's "due in" counted from when its answer came.
  const [deadline, setDeadline] = useState<number | null>(null);
  const { load } = figures;

  // The page's answer sets the deadline; a revalidation moves it only when the server's due time changed.
  // The server's due time the deadline was set from: the page's answer after an acknowledgement brings the same due
  // time as the acknowledgement did, and must not set it again a moment later.
  const armedFor = useRef<string | null>(null);
  const { dueAt, dueInMs } = reality;
  useEffect(() => {
    if (dueAt !== null && dueAt === armedFor.current) return;
    armedFor.current = dueAt;
    setDeadline(dueInMs === null ? null : Date.now() + dueInMs);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the server's due time, not on the remaining ms
  }, [dueAt]);

  // Each new answer to an acknowledgement closes the check and re-arms it.
  useEffect(() => {
    if (!ack.data?.ok) return;
    setOpen(false);
    armedFor.current = ack.data.dueAt;
    setDeadline(ack.data.dueInMs === null ? null : Date.now() + ack.data.dueInMs);
  }, [ack.data]);

  useEffect(() => {
    if (deadline === null || open) return;
    const timer = setTimeout(
      () => {
        setOpen(true);
        void load("/reality-check");
      },
      Math.max(0, deadline - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [deadline, open, load]);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="reality-modal-title"
      className="m-auto w-[min(28rem,calc(100vw-1.5rem))] rounded-xl bg-panel p-4 text-slate-200 backdrop:bg-black/80"
      data-testid="reality-modal"
      // Set once the timer runs in the browser (the page is live and a check is coming).
      data-armed={deadline !== null ? "" : undefined}
      // Only acknowledging closes the check: Escape is refused, and a close forced another way opens it again.
      onCancel={(e) => e.preventDefault()}
      onClose={() => {
        if (openRef.current) dialog.current?.showModal();
      }}
    >
      {open ? (
        <>
          <h2 id="reality-modal-title" className="text-xl font-bold text-white">
            {t("protectionReality.title")}
          </h2>
          <p className="mt-1 text-sm text-white/80">{t("protectionReality.check.intro")}</p>
          <RealityFigures figures={figures.data?.figures ?? null} />
          <ack.Form method="post" action="/reality-check">
            <button type="submit" className="btn-primary w-full" autoFocus disabled={ack.state !== "idle"} data-testid="reality-acknowledge">
              {ack.state !== "idle" ? t("protectionReality.check.acknowledging") : t("protectionReality.check.acknowledge")}
            </button>
          </ack.Form>
          <RealityLinks />
        </>
      ) : null}
    </dialog>
  );
}
