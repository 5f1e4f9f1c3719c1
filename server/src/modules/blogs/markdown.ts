import MarkdownIt from "markdown-it";

/**
 * Blog bodies are Markdown written in the dashboard. Raw HTML is not allowed (`html: false` prints
 * it as text), and markdown-it's link check refuses javascript:, vbscript:, file: and data: links,
 * so a post cannot run script on the page that shows it.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));

// Links that leave the site are marked as such for search engines and open no window handle back.
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = String(token?.attrGet("href") ?? "");
  if (token && /^https?:\/\//i.test(href)) token.attrSet("rel", "noopener noreferrer nofollow");
  return defaultLinkOpen(tokens, index, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** A slug made from a title: lower-case ASCII words joined by dashes ("post" when none are left). */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 72)
    .replace(/-+$/, "");
  return slug || "post";
}
