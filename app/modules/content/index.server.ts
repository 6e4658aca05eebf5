// The content module's server entry: what other modules and routes may use. Everything else is private.
export { CONTENT_IMAGE_MAX_BYTES, getContent, getSingleContent, isContentAdminError, listContent, saveContent } from "./admin.server.ts";
export { contactQrSvg, getHomeContent, getSiteConfig, listSliders, listSocialLinks, qrSvg } from "./content.server.ts";
export type { HomeContent, SiteConfig } from "./content.server.ts";
export { ensureContentPages, getContentPage, getFooterPartners, seedFooterPartnersDemo } from "./pages.server.ts";
export type { FooterPartner } from "./pages.server.ts";
export type { sliders, socialLinks } from "./schema.ts";
