import type * as contract from "@agency/contract";

/**
 * The team's day's calls (the setup checklist, time, workload, templates and rules) with the
 * contract schema their answer follows; `fakeApi`'s table takes them in.
 */
export const workdayAnswers = {
  "GET /api/admin/setup": "SetupChecklist",
  "GET /api/admin/orders/:id/time": "OrderTime",
  "GET /api/order/:id/hours": "ClientOrderHours",
  "GET /api/admin/workload": "Workload",
  "GET /api/admin/templates": "ReplyTemplateList",
  "GET /api/admin/automations": "RuleList",
  "POST /api/admin/automations": "RuleList",
  "PUT /api/admin/automations/:id": "RuleList",
  "POST /api/admin/automations/:id/pause": "RuleList",
  "DELETE /api/admin/automations/:id": "RuleList",
  "POST /api/admin/templates": "ReplyTemplateList",
  "PUT /api/admin/templates/:id": "ReplyTemplateList",
  "DELETE /api/admin/templates/:id": "ReplyTemplateList",
  "GET /api/admin/orders/:id/templates/:templateId": "FilledTemplate",
  "GET /api/admin/companies/:id/unbilled-time": "UnbilledTime",
  "POST /api/admin/time/invoice": "InvoicedTime",
  "PUT /api/admin/workload/:id/rate": "Workload",
  "PUT /api/admin/workload/:id/capacity": "Workload",
  "POST /api/admin/orders/:id/time": "OrderTime",
  "POST /api/admin/orders/:id/time/start": "RunningTimer",
  "POST /api/admin/time/stop": "TimeEntry",
  "GET /api/admin/time/running": "RunningTimer",
  "PATCH /api/admin/time/:id": "OrderTime",
  "DELETE /api/admin/time/:id": "OrderTime",
  "POST /api/admin/setup/dismiss": "SetupChecklist",
} as const satisfies Record<string, keyof typeof contract>;
