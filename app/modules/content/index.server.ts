// The content module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export type { sliders, socialLinks } from "./schema.ts";
export { CONTENT_IMAGE_MAX_BYTES, getContent, getSingleContent, isContentAdminError, listContent, saveContent } from "./admin.server.ts";
export { contactQrSvg, getHomeContent, getSiteConfig, listSliders, listSocialLinks, qrSvg } from "./content.server.ts";
export type { HomeContent, SiteConfig } from "./content.server.ts";
export { ensureContentPages, getContentPage, getFooterPartners, seedFooterPartnersDemo } from "./pages.server.ts";
export type { FooterPartner } from "./pages.server.ts";
