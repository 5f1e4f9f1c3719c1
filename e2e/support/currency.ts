import { request as playwrightRequest } from "playwright-core";
import { afterAll } from "vitest";
import { ownerAccount, signInApi } from "./accounts";
import { baseUrl } from "./browser";

type ShopMoney = { currency: string; locale: string };

/**
 * For a file whose journeys change the shop's currency: answers `remember(money)`, to be called
 * with the currency as it was before the change, which is put back after the file's journeys
 * (the other journeys expect dollars).
 */
export function restoresShopCurrency(): (money: ShopMoney) => void {
  let saved: ShopMoney | undefined;
  afterAll(async () => {
    if (!saved) return;
    const api = await playwrightRequest.newContext({
      baseURL: baseUrl,
      extraHTTPHeaders: { origin: baseUrl },
    });
    await signInApi(api, await ownerAccount());
    await api.put("/api/admin/site/currency", { data: saved });
    await api.dispose();
  });
  return (money) => {
    saved ??= money;
  };
}
