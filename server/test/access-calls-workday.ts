import type { AccessWorld, Call } from "./access-world.js";

/** The admin requests of time on orders: on the world's order, and its admin's entry. */
function timeCalls(
  orderId: string,
  entryId: string,
  memberId: string,
  billing: { entryId: string; companyId: string },
): Record<string, Call> {
  return {
    "GET /api/admin/orders/:id/time": { method: "GET", url: `/api/admin/orders/${orderId}/time` },
    "POST /api/admin/orders/:id/time": {
      method: "POST",
      url: `/api/admin/orders/${orderId}/time`,
      payload: { day: "2026-01-06", minutes: 15 },
    },
    "POST /api/admin/orders/:id/time/start": {
      method: "POST",
      url: `/api/admin/orders/${orderId}/time/start`,
      payload: {},
    },
    "POST /api/admin/time/stop": { method: "POST", url: "/api/admin/time/stop" },
    "GET /api/admin/time/running": { method: "GET", url: "/api/admin/time/running" },
    "GET /api/admin/workload": { method: "GET", url: "/api/admin/workload" },
    "GET /api/admin/companies/:id/unbilled-time": {
      method: "GET",
      url: `/api/admin/companies/${billing.companyId}/unbilled-time`,
    },
    "POST /api/admin/time/invoice": {
      method: "POST",
      url: "/api/admin/time/invoice",
      payload: { companyId: billing.companyId, entryIds: [billing.entryId], grouping: "entry" },
    },
    "PUT /api/admin/workload/:id/rate": {
      method: "PUT",
      url: `/api/admin/workload/${memberId}/rate`,
      payload: { rate: 80 },
    },
    "PUT /api/admin/workload/:id/capacity": {
      method: "PUT",
      url: `/api/admin/workload/${memberId}/capacity`,
      payload: { hours: 32 },
    },
    "GET /api/admin/time.csv": { method: "GET", url: "/api/admin/time.csv?from=2026-01-01" },
    "GET /api/admin/time/week": { method: "GET", url: "/api/admin/time/week?day=2026-01-06" },
    "PATCH /api/admin/time/:id": {
      method: "PATCH",
      url: `/api/admin/time/${entryId}`,
      payload: { minutes: 45 },
    },
    "DELETE /api/admin/time/:id": { method: "DELETE", url: `/api/admin/time/${entryId}` },
  };
}

/** The admin requests of reply templates. */
function templateCalls(orderId: string, templates: { id: string; spareId: string }): Record<string, Call> {
  const body = { name: "Delivered", body: "Order {{order.number}} is delivered, {{customer.name}}." };
  return {
    "GET /api/admin/templates": { method: "GET", url: "/api/admin/templates" },
    "POST /api/admin/templates": { method: "POST", url: "/api/admin/templates", payload: body },
    "PUT /api/admin/templates/:id": {
      method: "PUT",
      url: `/api/admin/templates/${templates.id}`,
      payload: body,
    },
    "DELETE /api/admin/templates/:id": { method: "DELETE", url: `/api/admin/templates/${templates.spareId}` },
    "GET /api/admin/orders/:id/templates/:templateId": {
      method: "GET",
      url: `/api/admin/orders/${orderId}/templates/${templates.id}`,
    },
  };
}

/** The admin requests of the rules. */
function ruleCalls(rules: { id: string; spareId: string }): Record<string, Call> {
  const body = { name: "Assign Premium", trigger: "order_paid", actions: [{ type: "set_due", days: 5 }] };
  return {
    "GET /api/admin/automations": { method: "GET", url: "/api/admin/automations" },
    "POST /api/admin/automations": { method: "POST", url: "/api/admin/automations", payload: body },
    "PUT /api/admin/automations/:id": {
      method: "PUT",
      url: `/api/admin/automations/${rules.id}`,
      payload: body,
    },
    "POST /api/admin/automations/:id/pause": {
      method: "POST",
      url: `/api/admin/automations/${rules.id}/pause`,
      payload: { paused: true },
    },
    "DELETE /api/admin/automations/:id": { method: "DELETE", url: `/api/admin/automations/${rules.spareId}` },
  };
}

/** The admin requests of the team's day: the setup checklist, time, templates and rules. */
export function workdayCalls(world: AccessWorld, orderId: string, adminId: string): Record<string, Call> {
  return {
    "GET /api/admin/setup": { method: "GET", url: "/api/admin/setup" },
    "POST /api/admin/setup/dismiss": {
      method: "POST",
      url: "/api/admin/setup/dismiss",
      payload: { step: "mail" },
    },
    ...timeCalls(orderId, world.timeEntryId, adminId, world.billing),
    ...templateCalls(orderId, world.templates),
    ...ruleCalls(world.rules),
  };
}
