import { defaultPageTexts, defaultSite, type SiteContent } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { contentEditor as t } from "../../lib/messages";
import { jsonResponse, renderWithProviders } from "../../test/render-with-providers";
import SiteContentPage from "./site-content";

const content: SiteContent = { site: defaultSite, texts: defaultPageTexts };

/** A server that holds `content` and answers the saves with what the test decides. */
function stubServer(answerSave: (url: string, body: unknown) => Response) {
  const saves: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body));
        saves.push({ url, body });
        return answerSave(url, body);
      }
      return jsonResponse(content);
    }),
  );
  return saves;
}

function identityForm() {
  return screen.findByRole("form", { name: t.identityHeading });
}

describe("the content editor", () => {
  it("shows the saved identity and texts, and saves an edited hero heading", async () => {
    const saves = stubServer((_, body) => jsonResponse({ ...content, texts: body }));
    renderWithProviders(<SiteContentPage />);
    const heading = await screen.findByLabelText(t.heroHeading);
    expect((heading as HTMLInputElement).value).toBe(defaultPageTexts.hero.heading);
    expect((screen.getByLabelText(t.name) as HTMLInputElement).value).toBe(defaultSite.name);

    fireEvent.change(heading, { target: { value: "Marketing that pays its way" } });
    fireEvent.click(screen.getByRole("button", { name: t.saveTexts }));
    expect(await screen.findByText(t.textsSaved)).toBeTruthy();
    expect(saves).toHaveLength(1);
    expect(saves[0]?.url).toBe("/api/admin/site/texts");
    const sent = saves[0]?.body as typeof defaultPageTexts;
    expect(sent.hero.heading).toBe("Marketing that pays its way");
    // The fields written as lines and pairs go back as the lists they came from.
    expect(sent.about.values).toEqual(defaultPageTexts.about.values);
    expect(sent.about.story).toEqual(defaultPageTexts.about.story);
    expect(sent.campaigns[1]?.points).toEqual(defaultPageTexts.campaigns[1]?.points);
  });

  it("marks an empty name and a bad e-mail without calling the server", async () => {
    const saves = stubServer(() => jsonResponse(content));
    renderWithProviders(<SiteContentPage />);
    await identityForm();
    fireEvent.change(screen.getByLabelText(t.name), { target: { value: " " } });
    fireEvent.change(screen.getByLabelText(t.email), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: t.saveIdentity }));
    expect(await screen.findByText(t.fixFields)).toBeTruthy();
    expect(screen.getByText("must not be empty")).toBeTruthy();
    expect(screen.getByText("must be an e-mail address")).toBeTruthy();
    expect(saves).toHaveLength(0);
  });

  it("reads social links written as 'Label | address' and shows the server's refusal under the field", async () => {
    const saves = stubServer(() =>
      jsonResponse(
        {
          error: {
            code: "bad_request",
            message: "Invalid social.0.href: must be a web address",
            fields: { "social.0.href": "must be a web address starting with http:// or https://" },
          },
        },
        400,
      ),
    );
    renderWithProviders(<SiteContentPage />);
    await identityForm();
    fireEvent.change(screen.getByLabelText(t.social), {
      target: { value: "Mastodon | https://mastodon.example/@lumen\nBluesky | https://bsky.example/lumen" },
    });
    fireEvent.click(screen.getByRole("button", { name: t.saveIdentity }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect((saves[0]?.body as typeof defaultSite | undefined)?.social).toEqual([
      { label: "Mastodon", href: "https://mastodon.example/@lumen" },
      { label: "Bluesky", href: "https://bsky.example/lumen" },
    ]);
    expect(await screen.findByText("must be a web address starting with http:// or https://")).toBeTruthy();
    expect(screen.getByLabelText(t.social).getAttribute("class")).toContain("is-invalid");
  });
});
