import type { SiteSettings } from "@agency/contract";
import type { PublicPage } from "../../plugins/web-app.js";

export type SiteSettingsSource = {
  googleMapsApiKey: string | undefined;
  socialSignIn: { google: boolean; facebook: boolean };
  /** Read at each call: the billing clock may have moved since the last. Absent with a real provider. */
  testMode?: () => NonNullable<SiteSettings["testMode"]>;
};

export function siteSettings({ googleMapsApiKey, socialSignIn, testMode }: SiteSettingsSource): SiteSettings {
  return { googleMapsApiKey: googleMapsApiKey ?? null, socialSignIn, testMode: testMode?.() ?? null };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Every page in the list is a public page; the sitemap lists those that want to be indexed under
 * their own address (a page whose canonical URL is another page, like /home, is left out).
 */
function indexablePaths(pages: PublicPage[]): string[] {
  return pages
    .filter((page) => !page.noindex && (page.canonicalPath === undefined || page.canonicalPath === page.path))
    .map((page) => page.path);
}

/** The public pages and, after them, the other paths given (the blog posts hosted here). */
export function sitemapXml(pages: PublicPage[], publicUrl: string, morePaths: string[] = []): string {
  const urls = [...indexablePaths(pages), ...morePaths].map(
    (path) => `  <url><loc>${escapeXml(publicUrl + path)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Crawlers may read the public site; the API and the signed-in areas are of no use to them. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /dashboard",
    "Disallow: /checkout",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
