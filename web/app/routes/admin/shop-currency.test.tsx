import {
  currencyMessages,
  defaultPageTexts,
  defaultShopMoney,
  defaultSite,
  type ShopMoneySetting,
  type SiteContent,
} from "@agency/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currencyEditor as t } from "../../lib/messages";
import { Money } from "../../lib/money";
import { apiFailure, fakeApi } from "../../test/fake-api";
import { renderWithProviders } from "../../test/render-with-providers";
import SiteContentPage from "./site-content";

const content: SiteContent = { site: defaultSite, texts: defaultPageTexts, money: defaultShopMoney };

/** A server whose currency is `setting`, answering a save with what the test decides. */
function stubServer(
  setting: ShopMoneySetting,
  answerSave = (body: unknown) => body as ShopMoneySetting | Response,
) {
  return fakeApi({
    "GET /api/site/content": content,
    "GET /api/admin/site/currency": setting,
    "PUT /api/admin/site/currency": ({ body }) => {
      const answer = answerSave(body);
      if (answer instanceof Response) return answer;
      const { currency, locale } = answer;
      return { currency: currency.toLowerCase(), locale, sold: setting.sold };
    },
  });
}

const form = () => screen.findByRole("form", { name: t.heading });

describe("the shop currency setting", () => {
  it("shows USD for en-US at first, previews euros written for de-DE, and saves them", async () => {
    const api = stubServer({ currency: "usd", locale: "en-US", sold: false });
    // An amount elsewhere in the dashboard, written in the shop's currency.
    renderWithProviders(
      <>
        <SiteContentPage />
        <p data-testid="elsewhere">
          <Money amount={1234.5} />
        </p>
      </>,
    );
    const editor = await form();
    const currency = within(editor).getByLabelText(t.currency) as HTMLSelectElement;
    const locale = within(editor).getByLabelText(t.locale) as HTMLInputElement;
    expect(currency.value).toBe("USD");
    expect(locale.value).toBe("en-US");
    expect(within(editor).getByText(t.preview("$1,234.50"))).toBeTruthy();
    // No sale yet: nothing to warn of.
    expect(within(editor).queryByText(t.afterSales("USD"))).toBeNull();

    fireEvent.change(currency, { target: { value: "EUR" } });
    fireEvent.change(locale, { target: { value: "de-DE" } });
    expect(within(editor).getByText(/Prices will read: 1\.234,50/).textContent).toBe(
      t.preview("1.234,50\u00a0€"),
    );
    fireEvent.click(within(editor).getByRole("button", { name: t.save }));

    expect(await screen.findByText(t.saved)).toBeTruthy();
    const saves = api.calls.filter((call) => call.method === "PUT");
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toEqual({ currency: "eur", locale: "de-DE" });
    // The rest of the dashboard writes amounts in the new currency at once.
    expect(screen.getByTestId("elsewhere").textContent).toBe("1.234,50\u00a0€");
  });

  it("says beside the field that a change applies to new prices only, once a sale was made", async () => {
    stubServer({ currency: "usd", locale: "en-US", sold: true });
    renderWithProviders(<SiteContentPage />);
    const editor = await form();
    const warning = within(editor).getByText(t.afterSales("USD"));
    expect(warning).toBeTruthy();
    expect(within(editor).getByLabelText(t.currency).getAttribute("aria-describedby")).toBe(warning.id);
  });

  it("marks a locale that is none without calling the server", async () => {
    const api = stubServer({ currency: "usd", locale: "en-US", sold: false });
    renderWithProviders(<SiteContentPage />);
    const editor = await form();
    fireEvent.change(within(editor).getByLabelText(t.locale), { target: { value: "not a locale!" } });
    fireEvent.click(within(editor).getByRole("button", { name: t.save }));
    expect(await within(editor).findByText(currencyMessages.unknownLocale)).toBeTruthy();
    expect(api.calls.filter((call) => call.method === "PUT")).toHaveLength(0);
  });

  it("shows the server's refusal under its field", async () => {
    stubServer({ currency: "usd", locale: "en-US", sold: false }, () =>
      apiFailure(400, "bad_request", `Invalid currency: ${currencyMessages.unknownCurrency}`, {
        currency: currencyMessages.unknownCurrency,
      }),
    );
    renderWithProviders(<SiteContentPage />);
    const editor = await form();
    fireEvent.change(within(editor).getByLabelText(t.currency), { target: { value: "CHF" } });
    fireEvent.click(within(editor).getByRole("button", { name: t.save }));
    expect(await within(editor).findByText(currencyMessages.unknownCurrency)).toBeTruthy();
  });
});
