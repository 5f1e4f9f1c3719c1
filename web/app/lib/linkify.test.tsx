import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { linkify } from "./linkify";

function shown(text: string) {
  const { container } = render(<p>{linkify(text)}</p>);
  const paragraph = container.querySelector("p") as HTMLParagraphElement;
  const links = [...paragraph.querySelectorAll("a")].map((link) => ({
    text: link.textContent,
    href: link.getAttribute("href"),
  }));
  return { paragraph, links };
}

describe("linkify (message text with clickable addresses)", () => {
  it("keeps plain text as it was written", () => {
    const { paragraph, links } = shown("Hello,\nplease call me on Monday.");
    expect(paragraph.textContent).toBe("Hello,\nplease call me on Monday.");
    expect(links).toEqual([]);
  });

  it("turns http and https addresses into links that open apart from the shop", () => {
    const { paragraph, links } = shown(
      "Our site https://example.com/shop?a=1&b=2 and http://old.example.org too",
    );
    expect(links).toEqual([
      { text: "https://example.com/shop?a=1&b=2", href: "https://example.com/shop?a=1&b=2" },
      { text: "http://old.example.org", href: "http://old.example.org/" },
    ]);
    expect(paragraph.textContent).toBe(
      "Our site https://example.com/shop?a=1&b=2 and http://old.example.org too",
    );
    for (const link of paragraph.querySelectorAll("a")) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
      expect(link.getAttribute("rel")).toContain("nofollow");
    }
  });

  it("leaves sentence punctuation and an unopened bracket outside the link", () => {
    const { links, paragraph } = shown("See https://example.com/a. (Or https://example.com/b_(c)), fine?");
    expect(links.map((link) => link.text)).toEqual(["https://example.com/a", "https://example.com/b_(c)"]);
    expect(paragraph.textContent).toBe("See https://example.com/a. (Or https://example.com/b_(c)), fine?");
  });

  it("shows markup as text and injects no element of its own", () => {
    const attack = `<img src=x onerror="alert(1)"><script>alert(2)</script><b>bold</b>`;
    const { paragraph, links } = shown(attack);
    expect(paragraph.textContent).toBe(attack);
    expect(paragraph.querySelectorAll("img, script, b").length).toBe(0);
    expect(links).toEqual([]);
  });

  it("never links another scheme, and an address cannot break out of its link", () => {
    const { paragraph, links } = shown(
      `javascript:alert(1) data:text/html,<b>x</b> https://example.com/"><script>alert(3)</script>`,
    );
    expect(links).toEqual([{ text: "https://example.com/", href: "https://example.com/" }]);
    expect(paragraph.querySelectorAll("script, b").length).toBe(0);
    expect(paragraph.textContent).toContain(`"><script>alert(3)</script>`);
  });
});
