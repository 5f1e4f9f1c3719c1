import { SiteConfig } from "@agency/contract";
import { describe, expect, it } from "vitest";
import { pageMeta, socialImage } from "./meta";

const site = SiteConfig.parse({ name: "Harbour Studio" });

describe("page meta", () => {
  it("gives a page its title, description, canonical link and Open Graph and Twitter tags", () => {
    const tags = pageMeta({
      title: "About us",
      description: "Who we are.",
      canonicalPath: "/about-us",
      site,
    });
    expect(tags).toContainEqual({ title: `About us | ${site.name}` });
    expect(tags).toContainEqual({ name: "description", content: "Who we are." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "/about-us" });
    expect(tags).toContainEqual({ property: "og:title", content: `About us | ${site.name}` });
    expect(tags).toContainEqual({ property: "og:description", content: "Who we are." });
    expect(tags).toContainEqual({ property: "og:url", content: "/about-us" });
    expect(tags).toContainEqual({ property: "og:image", content: socialImage.path });
    expect(tags).toContainEqual({ property: "og:site_name", content: site.name });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });
});
