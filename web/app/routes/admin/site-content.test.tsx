import { defaultPageTexts, defaultShopMoney, defaultSite, type SiteContent } from "@agency/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { contentEditor as t } from "../../lib/messages";
import { apiFailure, type FakeApi, fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import SiteContentPage from "./site-content";

const content: SiteContent = { site: defaultSite, texts: defaultPageTexts, money: defaultShopMoney };

/** A server that holds `content` and answers the saves with what the test decides. */
function stubServer(answerSave: (body: unknown) => SiteContent | Response) {
  const api = fakeApi({
    "GET /api/site/content": content,
    "PUT /api/admin/site/identity": ({ body }) => answerSave(body),
    "PUT /api/admin/site/texts": ({ body }) => answerSave(body),
  });
  return api;
}

/** The saves made, in order. */
const saves = (api: FakeApi) => api.calls.filter((call) => call.method === "PUT");

function identityForm() {
  return screen.findByRole("form", { name: t.identityHeading });
}

describe("the content editor", () => {
  it("shows the saved identity and texts, and saves an edited hero heading", async () => {
    const api = stubServer((body) => ({ ...content, texts: body as SiteContent["texts"] }));
    renderWithProviders(<SiteContentPage />);
    const heading = await screen.findByLabelText(t.heroHeading);
    expect((heading as HTMLInputElement).value).toBe(defaultPageTexts.hero.heading);
    expect((screen.getByLabelText(t.name) as HTMLInputElement).value).toBe(defaultSite.name);

    fireEvent.change(heading, { target: { value: "Marketing that pays its way" } });
    fireEvent.click(screen.getByRole("button", { name: t.saveTexts }));
    expect(await screen.findByText(t.textsSaved)).toBeTruthy();
    expect(saves(api)).toHaveLength(1);
    expect(saves(api)[0]?.url).toBe("/api/admin/site/texts");
    const sent = saves(api)[0]?.body as typeof defaultPageTexts;
    expect(sent.hero.heading).toBe("Marketing that pays its way");
    // The fields written as lines and pairs go back as the lists they came from.
    expect(sent.about.values).toEqual(defaultPageTexts.about.values);
    expect(sent.about.story).toEqual(defaultPageTexts.about.story);
    expect(sent.campaigns[1]?.points).toEqual(defaultPageTexts.campaigns[1]?.points);
  });

  it("marks an empty name and a bad e-mail without calling the server", async () => {
    const api = stubServer(() => content);
    renderWithProviders(<SiteContentPage />);
    await identityForm();
    fireEvent.change(screen.getByLabelText(t.name), { target: { value: " " } });
    fireEvent.change(screen.getByLabelText(t.email), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: t.saveIdentity }));
    expect(await screen.findByText(t.fixFields)).toBeTruthy();
    expect(screen.getByText("must not be empty")).toBeTruthy();
    expect(screen.getByText("must be an e-mail address")).toBeTruthy();
    expect(saves(api)).toHaveLength(0);
  });

  it("reads social links written as 'Label | address' and shows the server's refusal under the field", async () => {
    const api = stubServer(() =>
      apiFailure(400, "bad_request", "Invalid social.0.href: must be a web address", {
        "social.0.href": "must be a web address starting with http:// or https://",
      }),
    );
    renderWithProviders(<SiteContentPage />);
    await identityForm();
    fireEvent.change(screen.getByLabelText(t.social), {
      target: { value: "Mastodon | https://mastodon.example/@lumen\nBluesky | https://bsky.example/lumen" },
    });
    fireEvent.click(screen.getByRole("button", { name: t.saveIdentity }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect((saves(api)[0]?.body as typeof defaultSite | undefined)?.social).toEqual([
      { label: "Mastodon", href: "https://mastodon.example/@lumen" },
      { label: "Bluesky", href: "https://bsky.example/lumen" },
    ]);
    expect(await screen.findByText("must be a web address starting with http:// or https://")).toBeTruthy();
    expect(screen.getByLabelText(t.social).getAttribute("class")).toContain("is-invalid");
  });
});
