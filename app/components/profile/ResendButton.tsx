import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useNavigation } from "react-router";

const minutesSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * "Send code", disabled while the 300 s resend countdown runs (shown as m:ss). The server renders the time left, so
 * without JavaScript the page shows it (and the server refuses an early resend anyway); with JavaScript it counts down live.
 */
export function ResendButton({ seconds, formAction }: { seconds: number; formAction: string }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send-code" && navigation.formAction === formAction;

  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const deadline = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const now = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);

  const waiting = left > 0;
  return (
    <button
      type="submit"
      name="intent"
      value="send-code"
      className="btn-secondary shrink-0 !px-3 !py-1.5 text-sm tabular-nums"
      disabled={waiting || pending}
      aria-busy={pending}
      data-testid="send-code"
      data-seconds-left={left}
    >
      {pending ? t("profile.sending") : waiting ? t("profile.resendIn", { time: minutesSeconds(left) }) : t("profile.sendCode")}
    </button>
  );
}
