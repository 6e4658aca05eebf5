import type { FooterPartner } from "#app/modules/content/index.server.ts";

/** A sponsor or brand ambassador with the terms of the partnership (footer and the Brand Ambassador page). */
export function PartnerCard({ partner, size = "small" }: { partner: FooterPartner; size?: "small" | "large" }) {
  const large = size === "large";
  const image = partner.image ? (
    <img
      src={partner.image}
      alt=""
      width={large ? 120 : 64}
      height={large ? 120 : 64}
      loading="lazy"
      decoding="async"
      className={`${large ? "size-28" : "size-16"} shrink-0 rounded-full bg-white/10 object-cover`}
    />
  ) : null;
  const body = (
    <>
      {image}
      <div className="min-w-0">
        <p className={`font-bold ${large ? "text-lg" : "text-sm"}`}>{partner.name}</p>
        {partner.role ? <p className="text-xs text-brand">{partner.role}</p> : null}
        {partner.terms ? <p className={`mt-1 whitespace-pre-line text-white/70 ${large ? "text-sm" : "text-xs"}`}>{partner.terms}</p> : null}
      </div>
    </>
  );
  const className = `flex items-start gap-3 ${large ? "rounded-xl bg-panel p-4" : ""}`;
  return partner.link ? (
    <a href={partner.link} className={className} {...(/^https?:/i.test(partner.link) ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {body}
    </a>
  ) : (
    <div className={className}>{body}</div>
  );
}
