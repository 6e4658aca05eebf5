import { useTranslation } from "#app/i18n/use-translation.ts";
import type { HomeContent } from "#app/modules/content/index.server.ts";

type Contact = HomeContent["contacts"][number];

// Simple glyphs of our own, in each channel's colour (not the companies' logos).
const glyphs: Record<Contact["platform"], { colour: string; path: string }> = {
  whatsapp: {
    colour: "#25d366",
    path: "M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zm4.3 12.2c-.2.5-1 1-1.5 1-.4.1-.9.1-2.9-.7-2.4-1-4-3.5-4.1-3.6-.1-.2-1-1.3-1-2.5s.6-1.8.9-2c.2-.3.5-.3.6-.3h.5c.1 0 .4 0 .6.4l.8 1.9c.1.1.1.3 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.6.2.3.7 1.2 1.5 1.9 1 .9 1.9 1.2 2.2 1.3.3.2.4.1.6-.1l.8-1c.2-.2.4-.2.6-.1l1.8.9c.3.1.5.2.5.3.1.1.1.6-.1 1.1z",
  },
  facebook: {
    colour: "#1877f2",
    path: "M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z",
  },
  email: { colour: "#ffb800", path: "M3 6h18v12H3zm1.8 1.5L12 13l7.2-5.5H4.8zM4.5 9v7.5h15V9L12 14.7z" },
};

function ContactCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const glyph = glyphs[contact.platform];
  const external = contact.url.startsWith("http");
  return (
    <li className="contact-card" data-testid={`contact-${contact.platform}`}>
      <a href={contact.url} className="contact-link" {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className="contact-glyph" style={{ background: glyph.colour }}>
          <path d={glyph.path} fill="#fff" />
        </svg>
        <span className="contact-name">{t(`common.contact.${contact.platform}`)}</span>
        <span className="contact-label">{contact.label}</span>
      </a>
      <img
        className="contact-qr"
        src={contact.qr}
        alt={`${t("common.contact.scan")}: ${contact.label}`}
        width={96}
        height={96}
        loading="lazy"
        decoding="async"
      />
    </li>
  );
}

/** Desktop: a tab fixed at the right edge that opens the panel (a <details>, so no JavaScript needed). */
export function ContactDock({ contacts }: { contacts: Contact[] }) {
  const { t } = useTranslation();
  if (contacts.length === 0) return null;
  return (
    <details className="contact-dock" data-testid="contact-dock">
      <summary>
        <span>{t("common.contact.title")}</span>
      </summary>
      <div className="contact-dock-panel">
        <p className="contact-hint">{t("home.contactScanHint")}</p>
        <ul className="contact-list">
          {contacts.map((c) => (
            <ContactCard key={c.platform} contact={c} />
          ))}
        </ul>
      </div>
    </details>
  );
}

/** Mobile: the same contacts as a section above the footer. */
export function ContactSection({ contacts }: { contacts: Contact[] }) {
  const { t } = useTranslation();
  if (contacts.length === 0) return null;
  return (
    <section className="home-section contact-section" aria-labelledby="contact-title" data-testid="contact-section">
      <h2 className="section-title" id="contact-title">
        {t("common.contact.title")}
      </h2>
      <p className="contact-hint">{t("home.contactScanHint")}</p>
      <ul className="contact-grid">
        {contacts.map((c) => (
          <ContactCard key={c.platform} contact={c} />
        ))}
      </ul>
    </section>
  );
}
