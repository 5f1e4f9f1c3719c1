import {
  defaultPageTexts,
  defaultShopMoney,
  type PageSettings,
  SiteConfig,
  type SiteContent,
} from "@agency/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { Toasts } from "../components/toasts";
import { createQueryClient } from "../lib/query-client";
import { SiteProvider } from "../lib/site";

/** The identity the root loader gives the pages: the demo agency's, as without a site.config.json. */
export const testSite: SiteConfig = SiteConfig.parse({});
export const testSiteContent: SiteContent = {
  site: testSite,
  texts: defaultPageTexts,
  money: defaultShopMoney,
};

/** A component wrapped as the app wraps it: the site identity, a query client and the toaster. */
export function withProviders(ui: ReactNode, { settings }: { settings?: PageSettings } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return (
    <SiteProvider content={{ ...testSiteContent, settings }}>
      <QueryClientProvider client={queryClient}>
        <Toasts />
        {ui}
      </QueryClientProvider>
    </SiteProvider>
  );
}

/** A component as the app shows it: with the site identity, the query client and the toaster. */
export function renderWithProviders(ui: ReactNode, options: { settings?: PageSettings } = {}) {
  return render(withProviders(ui, options));
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
