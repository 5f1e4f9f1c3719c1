import {
  AddonBody,
  AddonList,
  AdminPlan,
  AdminPlanList,
  AdminService,
  AdminServiceList,
  CreatePlanBody,
  DeleteResult,
  IdParams,
  InsertedId,
  PlanAddon,
  PlanDetailsBody,
  PlanPriceBody,
  PlanPriceChange,
  PlanRemoval,
  ReorderBody,
  ServiceBody,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { auditActorOf } from "../audit/index.js";
import * as editor from "./admin.js";
import * as addons from "./admin-addons.js";
import type { RenewalPricing } from "./admin-plans.js";
import * as plans from "./admin-plans.js";

const refused = refusals(400, 401, 403, 404, 409);
const admin = { access: "team" as const, permission: "catalog.edit" as const };
const tags = ["admin"];

/**
 * DESIGN "Beyond the spec" 13: the owner edits services, plans and prices in the dashboard.
 * `renewals` applies a new price to a plan's subscriptions: billing keeps them, and reads the
 * catalog, so the app hands its function in rather than the catalog importing billing.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{ db: Database; renewals: RenewalPricing }> = async (
  app,
  { db, renewals },
) => {
  app.get(
    "/admin/catalog/services",
    {
      config: admin,
      schema: {
        tags,
        summary: "Every service, archived ones too",
        response: { 200: AdminServiceList, ...refused },
      },
    },
    async () => editor.listAllServices(db),
  );

  app.post(
    "/admin/catalog/services",
    {
      config: admin,
      schema: {
        tags,
        summary: "Add a service (last)",
        body: ServiceBody,
        response: { 201: InsertedId, ...refused },
      },
    },
    async (request, reply) => {
      const actor = auditActorOf(await requireMember(request));
      return reply.status(201).send(await editor.createService(db, actor, request.body));
    },
  );

  app.put(
    "/admin/catalog/services/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Edit a service",
        params: IdParams,
        body: ServiceBody,
        response: { 200: AdminService, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return editor.updateService(db, actor, request.params.id, request.body);
    },
  );

  for (const [action, archived] of [
    ["archive", true],
    ["restore", false],
  ] as const) {
    app.post(
      `/admin/catalog/services/:id/${action}`,
      {
        config: admin,
        schema: {
          tags,
          summary: archived ? "Archive a service (off the public pages)" : "Bring an archived service back",
          params: IdParams,
          response: { 200: AdminService, ...refused },
        },
      },
      async (request) => {
        const actor = auditActorOf(await requireMember(request));
        return editor.setServiceArchived(db, actor, request.params.id, archived);
      },
    );
  }

  app.put(
    "/admin/catalog/services-order",
    {
      config: admin,
      schema: {
        tags,
        summary: "Reorder the services",
        body: ReorderBody,
        response: { 200: AdminServiceList, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return editor.reorderServices(db, actor, request.body.ids);
    },
  );

  app.get(
    "/admin/catalog/plans",
    {
      config: admin,
      schema: {
        tags,
        summary: "Every pricing plan with its orders and subscribers",
        response: { 200: AdminPlanList, ...refused },
      },
    },
    async () => plans.listAllPlans(db),
  );

  app.post(
    "/admin/catalog/plans",
    {
      config: admin,
      schema: {
        tags,
        summary: "Add a pricing plan (last)",
        body: CreatePlanBody,
        response: { 201: InsertedId, ...refused },
      },
    },
    async (request, reply) => {
      const actor = auditActorOf(await requireMember(request));
      return reply.status(201).send(await plans.createPlan(db, actor, request.body));
    },
  );

  app.put(
    "/admin/catalog/plans/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Edit a plan's name, tagline, billing, features, highlight and colours",
        params: IdParams,
        body: PlanDetailsBody,
        response: { 200: AdminPlan, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return plans.updatePlan(db, actor, request.params.id, request.body);
    },
  );

  app.put(
    "/admin/catalog/plans/:id/price",
    {
      config: admin,
      schema: {
        tags,
        summary: "Change a plan's prices: new orders at once, renewals only when applyToRenewals is set",
        params: IdParams,
        body: PlanPriceBody,
        response: { 200: PlanPriceChange, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return plans.changePlanPrice(db, renewals, actor, request.params.id, request.body);
    },
  );

  app.delete(
    "/admin/catalog/plans/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Delete a plan nobody ordered, or archive one that has orders",
        params: IdParams,
        response: { 200: PlanRemoval, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return plans.removePlan(db, actor, request.params.id);
    },
  );

  app.post(
    "/admin/catalog/plans/:id/restore",
    {
      config: admin,
      schema: {
        tags,
        summary: "Bring an archived plan back",
        params: IdParams,
        response: { 200: AdminPlan, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return plans.restorePlan(db, actor, request.params.id);
    },
  );

  app.put(
    "/admin/catalog/plans-order",
    {
      config: admin,
      schema: {
        tags,
        summary: "Reorder the pricing plans",
        body: ReorderBody,
        response: { 200: AdminPlanList, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return plans.reorderPlans(db, actor, request.body.ids);
    },
  );

  app.post(
    "/admin/catalog/plans/:id/addons",
    {
      config: admin,
      schema: {
        tags,
        summary: "Add an add-on to a plan (last), charged once or every period",
        params: IdParams,
        body: AddonBody,
        response: { 201: PlanAddon, ...refused },
      },
    },
    async (request, reply) => {
      const actor = auditActorOf(await requireMember(request));
      return reply.status(201).send(await addons.createAddon(db, actor, request.params.id, request.body));
    },
  );

  app.put(
    "/admin/catalog/addons/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Edit an add-on: new orders pay it, orders placed before keep theirs",
        params: IdParams,
        body: AddonBody,
        response: { 200: PlanAddon, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return addons.updateAddon(db, actor, request.params.id, request.body);
    },
  );

  app.delete(
    "/admin/catalog/addons/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Remove an add-on from its plan (orders that bought it keep their line)",
        params: IdParams,
        response: { 200: DeleteResult, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return addons.removeAddon(db, actor, request.params.id);
    },
  );

  app.put(
    "/admin/catalog/plans/:id/addons-order",
    {
      config: admin,
      schema: {
        tags,
        summary: "Reorder a plan's add-ons",
        params: IdParams,
        body: ReorderBody,
        response: { 200: AddonList, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return addons.reorderAddons(db, actor, request.params.id, request.body.ids);
    },
  );
};
