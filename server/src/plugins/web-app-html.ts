/**
 * Facts about a prerendered page and the one change the server makes to it. Pages are built once,
 * before anyone knows the address the shop will be reached at (PUBLIC_URL), so they carry
 * root-relative social and canonical URLs; crawlers and link previews need absolute ones.
 */

export type PageFacts = { canonicalPath: string | undefined; noindex: boolean };

const tagPattern = (name: string) => new RegExp(`<${name}\\b[^>]*>`, "gi");

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
}

const absoluteMeta = new Set(["og:url", "og:image", "twitter:image"]);

export function absolutizePageUrls(html: string, publicUrl: string): string {
  const absolute = (value: string) =>
    value.startsWith("/") && !value.startsWith("//") ? publicUrl + value : value;
  return html
    .replace(tagPattern("meta"), (tag) => {
      const key = attribute(tag, "property") ?? attribute(tag, "name");
      if (!key || !absoluteMeta.has(key)) return tag;
      return tag.replace(
        /(\scontent=")([^"]*)"/i,
        (_, prefix: string, value: string) => `${prefix}${absolute(value)}"`,
      );
    })
    .replace(tagPattern("link"), (tag) => {
      if (attribute(tag, "rel") !== "canonical") return tag;
      return tag.replace(
        /(\shref=")([^"]*)"/i,
        (_, prefix: string, value: string) => `${prefix}${absolute(value)}"`,
      );
    });
}

export function readPageFacts(html: string): PageFacts {
  let canonicalPath: string | undefined;
  let noindex = false;
  for (const tag of html.match(tagPattern("link")) ?? []) {
    if (attribute(tag, "rel") === "canonical") canonicalPath = attribute(tag, "href");
  }
  for (const tag of html.match(tagPattern("meta")) ?? []) {
    if (attribute(tag, "name") === "robots" && /noindex/i.test(attribute(tag, "content") ?? ""))
      noindex = true;
  }
  return { canonicalPath, noindex };
}
