import type { MetaDescriptor } from "react-router";
import { pageTitle, type Site } from "./site";

/** Shared by every public page; 1200×630 is the size link previews expect. */
export const socialImage = { path: "/images/og-image.jpg", width: 1200, height: 630 };

type PageMeta = {
  /** The page's own part of the title; the agency's name is added. */
  title: string;
  description: string;
  /** The page's address, or the address of the page it duplicates (e.g. /home is /). */
  canonicalPath: string;
  /** From the root loader (`siteOf(matches)`); unknown only when the root failed to load. */
  site: Site | undefined;
};

/**
 * Title, description, canonical link and Open Graph / Twitter tags of a public page. URLs are
 * root-relative here because the public address is known only when the server runs; the server
 * makes them absolute when it sends the rendered page.
 */
export function pageMeta({ title, description, canonicalPath, site }: PageMeta): MetaDescriptor[] {
  const fullTitle = pageTitle(title, site);
  const siteName = site?.name ?? fullTitle;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalPath },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalPath },
    { property: "og:image", content: socialImage.path },
    { property: "og:image:width", content: String(socialImage.width) },
    { property: "og:image:height", content: String(socialImage.height) },
    { property: "og:image:alt", content: siteName },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: socialImage.path },
  ];
}
