import {
  AcceptedInvitation,
  AcceptInvitationBody,
  DeleteResult,
  HandOverBody,
  IdParams,
  InvitationBody,
  InvitationLookup,
  InvitationLookupQuery,
  MemberRoleBody,
  ModifiedCount,
  RoleKeyParams,
  TeamInvitation,
  TeamMemberList,
  TeamRole,
  TeamRoleBody,
  TeamRoleList,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import type { MailBrandSource } from "../../mail/layout.js";
import { auditActorOf } from "../audit/index.js";
import {
  acceptInvitation,
  lookUpInvitation,
  resendInvitation,
  revokeInvitation,
  sendInvitation,
} from "./invitations.js";
import { listTeam } from "./member-list.js";
import { handOverOwnership, setMemberRole } from "./role-changes.js";
import { createRole, deleteRole, listRoles, updateRole } from "./role-definitions.js";
import { removeMember, suspendMember, unsuspendMember } from "./suspensions.js";

const refused = refusals(400, 401, 403, 404, 409);
const manage = { access: "team" as const, permission: "team.manage" as const };
const tags = ["team"];

type Options = {
  db: Database;
  /** The shop's name and logo for the invitation mail and the join page. */
  brand: MailBrandSource;
  /** The public invitation calls' limit per client address (the sign-in calls' limit). */
  publicRateLimit: { max: number; timeWindow: number };
};

/** The team: its members, their roles and the invitations that bring new ones in (docs/decisions/023). */
export const teamRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, brand, publicRateLimit }) => {
  app.get(
    "/team/roles",
    {
      config: manage,
      schema: { tags, summary: "The built-in and custom roles", response: { 200: TeamRoleList, ...refused } },
    },
    async () => ({ roles: await listRoles(db) }),
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
    async (request, reply) =>
      reply.status(201).send(await createRole(db, await requireMember(request), request.body)),
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
      const role = await updateRole(db, await requireMember(request), request.params.key, request.body);
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
      // API keys of the role stop working: the cached ones are looked up again.
      app.sessionCache.clear();
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

  app.get(
    "/team/members",
    {
      config: manage,
      schema: {
        tags,
        summary: "The team's members and the invitations still open",
        response: { 200: TeamMemberList, ...refused },
      },
    },
    async () => listTeam(db),
  );

  app.post(
    "/team/members/:id/suspend",
    {
      config: manage,
      schema: {
        tags,
        summary: "Suspend a member: their sessions end and they cannot sign in",
        params: IdParams,
        response: { 200: ModifiedCount, ...refused },
      },
    },
    async (request) => {
      const result = await suspendMember(db, await requireMember(request), request.params.id);
      app.sessionCache.clear();
      return result;
    },
  );

  app.post(
    "/team/members/:id/unsuspend",
    {
      config: manage,
      schema: {
        tags,
        summary: "Let a suspended member sign in again",
        params: IdParams,
        response: { 200: ModifiedCount, ...refused },
      },
    },
    async (request) => {
      const result = await unsuspendMember(db, await requireMember(request), request.params.id);
      // The member's API keys work again: the cached ones are looked up again.
      app.sessionCache.clear();
      return result;
    },
  );

  app.delete(
    "/team/members/:id",
    {
      config: manage,
      schema: {
        tags,
        summary: "Remove a member from the team (their name stays on their work)",
        params: IdParams,
        response: { 200: DeleteResult, ...refused },
      },
    },
    async (request) => {
      await removeMember(db, await requireMember(request), request.params.id);
      app.sessionCache.clear();
      return { deletedCount: 1 };
    },
  );

  app.post(
    "/team/invitations",
    {
      config: manage,
      schema: {
        tags,
        summary: "Invite an address to the team with a role, by mail",
        body: InvitationBody,
        response: { 201: TeamInvitation, ...refused },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendInvitation(db, brand, await requireMember(request), request.body)),
  );

  app.post(
    "/team/invitations/:id/resend",
    {
      config: manage,
      schema: {
        tags,
        summary: "Send an invitation again with a new link, good for 7 more days",
        params: IdParams,
        response: { 200: TeamInvitation, ...refused },
      },
    },
    async (request) => resendInvitation(db, brand, await requireMember(request), request.params.id),
  );

  app.post(
    "/team/invitations/:id/revoke",
    {
      config: manage,
      schema: {
        tags,
        summary: "Withdraw an invitation",
        params: IdParams,
        response: { 200: ModifiedCount, ...refused },
      },
    },
    async (request) => revokeInvitation(db, await requireMember(request), request.params.id),
  );

  app.get(
    "/team/invitations/lookup",
    {
      config: { access: "public", rateLimit: publicRateLimit },
      schema: {
        tags,
        summary: "What a mailed invitation link offers (404 unknown, 410 used, withdrawn or expired)",
        querystring: InvitationLookupQuery,
        response: { 200: InvitationLookup, ...refusals(400, 404, 410, 429) },
      },
    },
    async (request) => lookUpInvitation(db, brand, request.query.token),
  );

  app.post(
    "/team/invitations/accept",
    {
      config: { access: "public", rateLimit: publicRateLimit },
      schema: {
        tags,
        summary: "Accept an invitation: the account is made with the role, then its owner signs in",
        body: AcceptInvitationBody,
        response: { 201: AcceptedInvitation, ...refusals(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await acceptInvitation(db, app.auth, request.body)),
  );
};
