import type { PageSettings, PageTexts, SiteContent } from "@agency/contract";
// The address and money alone, not the contract's schemas: every public page loads this module.
import { formatAddress } from "@agency/contract/address";
import { defaultShopMoney, type ShopMoney } from "@agency/contract/money";
import { createContext, createElement, type ReactNode, useContext, useMemo, useState } from "react";

/** The agency's identity and contact details. */
export type Site = SiteContent["site"];

/**
 * The site identity, page texts and the shop's currency, as the server gives them with every page
 * (the root route's loader): the pages show the current values without a rebuild. The one place
 * the web app reads them from. `moneySaved` lets the currency editor show its change at once.
 */
type SiteContextValue = SiteContentWithSettings & { moneySaved(money: ShopMoney): void };
const SiteContext = createContext<SiteContextValue | undefined>(undefined);

/** What the root loader gives: the identity and texts, and the settings that change only with a restart. */
export type SiteContentWithSettings = SiteContent & { settings?: PageSettings };

/** Without a map key or a social sign-in provider: the settings of a shop with none configured. */
const noSettings: PageSettings = { googleMapsApiKey: null, socialSignIn: { google: false, facebook: false } };

export function SiteProvider({
  content,
  children,
}: {
  content: SiteContentWithSettings;
  children: ReactNode;
}) {
  // The root's data is not loaded again while the app runs: a currency saved since is kept here.
  const [saved, moneySaved] = useState<ShopMoney | undefined>(undefined);
  const value = useMemo(
    () => ({ ...content, money: saved ?? content.money ?? defaultShopMoney, moneySaved }),
    [content, saved],
  );
  return createElement(SiteContext.Provider, { value }, children);
}

function useSiteContext(): SiteContextValue {
  const content = useContext(SiteContext);
  if (!content)
    throw new Error("The site content needs a SiteProvider above it (the root route provides one).");
  return content;
}

export function useSite(): Site {
  return useSiteContext().site;
}

/**
 * The map key and social sign-in providers, as the page was rendered with them: no request, and no
 * contract schemas loaded to check one, on the public pages that show them.
 */
export function usePageSettings(): PageSettings {
  return useSiteContext().settings ?? noSettings;
}

/**
 * The shop's currency and the locale it writes amounts in (format them with `useMoney`,
 * lib/money.ts). A component shown without the root around it (alone in a test) writes USD for
 * en-US, the shop's default.
 */
export function useShopMoney(): ShopMoney {
  const { currency, locale } = useContext(SiteContext)?.money ?? defaultShopMoney;
  return useMemo(() => ({ currency, locale }), [currency, locale]);
}

/** For the currency editor: the pages of this visit show the saved currency from now on. */
export function useShopMoneySaved(): (money: ShopMoney) => void {
  return useSiteContext().moneySaved;
}

/** The landing and about pages' texts, as the owner last saved them. */
export function usePageTexts(): PageTexts {
  return useSiteContext().texts;
}

/** The site as the root loader gave it, for `meta` functions (which cannot use hooks). */
export function siteOf(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): Site | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: Site } | undefined;
  return root?.site;
}

/** The page texts as the root loader gave them, for `meta` functions. */
export function pageTextsOf(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): PageTexts | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { texts?: PageTexts } | undefined;
  return root?.texts;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** "Page | Agency"; the page's own title alone when the site is not known (the root failed to load). */
export function pageTitle(page: string, site: Site | undefined): string {
  return site ? `${page} | ${site.name}` : page;
}

/** The office's address on one line, as mails and receipts write it too. */
export function postalAddress(site: Site): string {
  return formatAddress(site.address);
}

/** An external map of the office, for the contact page's address link and the no-key card. */
export function mapLink(site: Site): string {
  const { lat, lng } = site.map;
  return `https://www.google.com/maps/search/?api=1&query=${lat}%2C${lng}`;
}
