import { useTranslation } from "#app/i18n/use-translation.ts";
import type { SocialPlatform } from "#app/modules/content/index.ts";

export type ContactLink = { platform: SocialPlatform; url: string; label: string };

const badge: Record<SocialPlatform, { mark: string; className: string }> = {
  whatsapp: { mark: "W", className: "bg-[#25d366] text-black" },
  facebook: { mark: "f", className: "bg-[#1877f2] text-white" },
  telegram: { mark: "T", className: "bg-[#229ed9] text-white" },
  email: { mark: "@", className: "bg-brand text-black" },
};

/** Contact Us of the member centre: the site's active social links (WhatsApp, Facebook, Telegram, e-mail). */
export function ContactLinks({ links }: { links: ContactLink[] }) {
  const { t } = useTranslation();
  if (!links.length) return null;
  return (
    <section className="rounded-xl bg-panel p-4" aria-labelledby="contact-us" data-testid="account-contact">
      <h2 id="contact-us" className="mb-3 text-sm font-semibold text-white/80">
        {t("account.contactUs")}
      </h2>
      <ul className="grid grid-cols-4 gap-1">
        {links.map((link) => (
          <li key={link.platform}>
            <a
              href={link.url}
              {...(link.platform === "email" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
              className="flex flex-col items-center gap-1 rounded-lg p-1 text-center text-[0.7rem] leading-tight hover:bg-white/5"
              title={link.label}
            >
              <span
                aria-hidden="true"
                className={`flex size-10 items-center justify-center rounded-full text-lg font-bold ${badge[link.platform].className}`}
              >
                {badge[link.platform].mark}
              </span>
              <span>{t(`common.contact.${link.platform}`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
