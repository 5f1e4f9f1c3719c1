import {
  DeleteResult,
  HandOverBody,
  IdParams,
  MemberRoleBody,
  ModifiedCount,
  RoleKeyParams,
  TeamRole,
  TeamRoleBody,
  TeamRoleList,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { auditActorOf } from "../audit/index.js";
import { handOverOwnership, setMemberRole } from "./members.js";
import { createRole, deleteRole, listRoles, updateRole } from "./roles.js";

const refused = refusals(400, 401, 403, 404, 409);
const manage = { access: "team" as const, permission: "team.manage" as const };
const tags = ["team"];

/** The team's roles and who holds which (docs/decisions/023). */
export const teamRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/team/roles",
    {
      config: manage,
      schema: { tags, summary: "The built-in and custom roles", response: { 200: TeamRoleList, ...refused } },
    },
    async (request) => {
      await requireMember(request);
      return { roles: await listRoles(db) };
    },
  );

  app.post(
    "/team/roles",
    {
      config: manage,
      schema: {
        tags,
        summary: "Add a custom role",
        body: TeamRoleBody,
        response: { 201: TeamRole, ...refused },
      },
    },
    async (request, reply) => {
      const actor = auditActorOf(await requireMember(request));
      return reply.status(201).send(await createRole(db, actor, request.body));
    },
  );

  app.put(
    "/team/roles/:key",
    {
      config: manage,
      schema: {
        tags,
        summary: "Rename a custom role or change its permissions",
        params: RoleKeyParams,
        body: TeamRoleBody,
        response: { 200: TeamRole, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      const role = await updateRole(db, actor, request.params.key, request.body);
      // Members' sessions carry their permissions: look them up again.
      app.sessionCache.clear();
      return role;
    },
  );

  app.delete(
    "/team/roles/:key",
    {
      config: manage,
      schema: {
        tags,
        summary: "Delete a custom role nobody holds",
        params: RoleKeyParams,
        response: { 200: DeleteResult, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      await deleteRole(db, actor, request.params.key);
      return { deletedCount: 1 };
    },
  );

  app.put(
    "/team/members/:id/role",
    {
      config: manage,
      schema: {
        tags,
        summary: "Give a member another role",
        params: IdParams,
        body: MemberRoleBody,
        response: { 200: ModifiedCount, ...refused },
      },
    },
    async (request) => {
      const result = await setMemberRole(
        db,
        await requireMember(request),
        request.params.id,
        request.body.role,
      );
      app.sessionCache.clear();
      return result;
    },
  );

  app.post(
    "/team/owner",
    {
      config: manage,
      schema: {
        tags,
        summary: "Hand ownership of the shop to another member (the owner only)",
        body: HandOverBody,
        response: { 200: ModifiedCount, ...refused },
      },
    },
    async (request) => {
      await handOverOwnership(db, await requireMember(request), request.body.memberId);
      app.sessionCache.clear();
      return { modifiedCount: 2 };
    },
  );
};
