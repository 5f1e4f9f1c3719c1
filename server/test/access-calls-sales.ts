import type { AccessWorld, Call } from "./access-world.js";
import { quoteBody } from "./sales.js";

/** The admin requests of the quotes and invoices, their payments and invoicing settings. */
export function salesCalls(sales: AccessWorld["sales"]): Record<string, Call> {
  return {
    "GET /api/admin/sales": { method: "GET", url: "/api/admin/sales?state=draft" },
    "POST /api/admin/sales": { method: "POST", url: "/api/admin/sales", payload: quoteBody() },
    "GET /api/admin/sales/:id": { method: "GET", url: `/api/admin/sales/${sales.sentId}` },
    "GET /api/admin/sales/:id/pdf": { method: "GET", url: `/api/admin/sales/${sales.sentId}/pdf` },
    "GET /api/admin/sales/:id/signed-pdf": {
      method: "GET",
      url: `/api/admin/sales/${sales.signedId}/signed-pdf`,
    },
    "PUT /api/admin/sales/:id": {
      method: "PUT",
      url: `/api/admin/sales/${sales.draftId}`,
      payload: quoteBody(),
    },
    "DELETE /api/admin/sales/:id": { method: "DELETE", url: `/api/admin/sales/${sales.spareDraftId}` },
    "POST /api/admin/sales/:id/send": { method: "POST", url: `/api/admin/sales/${sales.draftId}/send` },
    "POST /api/admin/sales/:id/revise": { method: "POST", url: `/api/admin/sales/${sales.sentId}/revise` },
    "POST /api/admin/sales/:id/void": { method: "POST", url: `/api/admin/sales/${sales.voidableId}/void` },
    "GET /api/admin/sales/:id/payments": {
      method: "GET",
      url: `/api/admin/sales/${sales.invoiceId}/payments`,
    },
    "POST /api/admin/sales/:id/payments": {
      method: "POST",
      url: `/api/admin/sales/${sales.invoiceId}/payments`,
      payload: { date: "2026-01-05", amount: 10, method: "cash" },
    },
    "POST /api/admin/sales/:id/payments/:paymentId/refund": {
      method: "POST",
      url: `/api/admin/sales/${sales.invoiceId}/payments/${sales.recordedId}/refund`,
      payload: { date: "2026-01-05", amount: 10, reason: "A test" },
    },
    "GET /api/admin/site/invoicing": { method: "GET", url: "/api/admin/site/invoicing" },
    "GET /api/admin/exports/accounting": {
      method: "GET",
      url: "/api/admin/exports/accounting?month=2026-10&format=xero",
    },
    "PUT /api/admin/site/invoicing": {
      method: "PUT",
      url: "/api/admin/site/invoicing",
      payload: { paymentTermsDays: 14, bank: {} },
    },
  };
}
