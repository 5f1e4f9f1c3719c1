import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { purgeBootstrap } from "./purge-bootstrap";

const bootstrapCss = createRequire(import.meta.url).resolve("bootstrap/dist/css/bootstrap.min.css");

async function purge(css: string, from: string) {
  return (await postcss([purgeBootstrap()]).process(css, { from })).css;
}

describe("purgeBootstrap", () => {
  it("keeps the Bootstrap rules the app and its react-bootstrap components use, and drops the rest", async () => {
    const full = readFileSync(bootstrapCss, "utf8");
    const purged = await purge(full, bootstrapCss);

    expect(purged.length).toBeLessThan(full.length / 2);
    // Spelled in the app's markup.
    for (const used of [
      ".col-lg-4",
      ".g-4",
      ".display-5",
      ".visually-hidden",
      ".stretched-link",
      ".card-img-top",
    ]) {
      expect(purged, used).toContain(used);
    }
    // Put together by react-bootstrap from a prefix and a prop, or written by its components.
    for (const composed of [
      ".btn-outline-danger",
      ".btn-sm",
      ".navbar-expand-lg",
      ".navbar-toggler-icon",
      ".spinner-border",
      ".table-hover",
      ".modal-backdrop",
      ".form-select-sm",
      ".invalid-feedback",
    ]) {
      expect(purged, composed).toContain(composed);
    }
    // Components the app never renders, sub-components it never names (Form.Range, Navbar.Offcanvas).
    for (const unused of [
      ".carousel-item",
      ".accordion-button",
      ".pagination",
      ".form-range",
      ".offcanvas-body",
    ]) {
      expect(purged, unused).not.toContain(unused);
    }
  });

  it("leaves other stylesheets alone", async () => {
    const css = ".never-used-anywhere{color:red}";
    expect(await purge(css, "/somewhere/app.css")).toBe(css);
  });
});
