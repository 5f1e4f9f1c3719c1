import {
  CreateReviewBody,
  CreateReviewResponse,
  DeleteResult,
  IdParams,
  ManagedReview,
  ManagedReviewList,
  ManageReviewsQuery,
  ReviewCount,
  ReviewList,
  ReviewVisibilityBody,
} from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  accountRateLimitKey,
  getSignedIn,
  isTeamMember,
  requireMember,
  requireUser,
} from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { auditActorOf } from "../audit/index.js";
import * as reviewsService from "./service.js";

const refused = refusals(401, 403, 404, 409);

/** Writing reviews is limited per account, so one customer cannot flood the landing page. */
const reviewRateLimit = { max: 10, timeWindow: 60_000, keyGenerator: accountRateLimitKey };

export const reviewRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/reviews",
    {
      config: { access: "public" },
      schema: { tags: ["reviews"], summary: "The newest customer reviews", response: { 200: ReviewList } },
    },
    () => reviewsService.listReviews(db),
  );

  app.get(
    "/review-count",
    {
      config: { access: "public" },
      schema: {
        tags: ["reviews"],
        summary: "How many reviews there are (hidden ones are counted for admins only)",
        response: { 200: ReviewCount },
      },
    },
    async (request) => {
      const signedIn = await getSignedIn(request);
      return reviewsService.countReviews(db, signedIn !== null && isTeamMember(signedIn.user));
    },
  );

  app.post(
    "/reviews",
    {
      config: { access: "user", rateLimit: reviewRateLimit },
      schema: {
        tags: ["reviews"],
        summary:
          "Review one of the caller's paid orders, once (name, email and picture are the caller's own)",
        body: CreateReviewBody,
        response: { 200: CreateReviewResponse, ...refused },
      },
    },
    async (request) => reviewsService.createReview(db, await requireUser(request), request.body),
  );

  app.get(
    "/my-reviews",
    {
      config: { access: "user" },
      schema: {
        tags: ["reviews"],
        summary: "The caller's own reviews, newest first",
        response: { 200: ManagedReviewList, ...refused },
      },
    },
    async (request) => reviewsService.listOwnReviews(db, await requireUser(request)),
  );

  app.delete(
    "/my-reviews/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["reviews"],
        summary: "Delete one of the caller's own reviews",
        params: IdParams,
        response: { 200: DeleteResult, ...refused },
      },
    },
    async (request) => reviewsService.deleteOwnReview(db, await requireUser(request), request.params.id),
  );

  app.get(
    "/manage-reviews",
    {
      config: { access: "team", permission: "content.edit" },
      schema: {
        tags: ["admin"],
        summary: "Every review, newest first, a page at a time (pages start at 0)",
        querystring: ManageReviewsQuery,
        response: { 200: ManagedReviewList, ...refused },
      },
    },
    async (request) => reviewsService.listReviewPage(db, request.query),
  );

  app.patch(
    "/manage-reviews/:id",
    {
      config: { access: "team", permission: "content.edit" },
      schema: {
        tags: ["admin"],
        summary: "Hide a review from the public pages, or show it again, without deleting it",
        params: IdParams,
        body: ReviewVisibilityBody,
        response: { 200: ManagedReview, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return reviewsService.setReviewHidden(db, actor, request.params.id, request.body.hidden);
    },
  );

  app.delete(
    "/review-delete/:id",
    {
      config: { access: "team", permission: "content.edit" },
      schema: {
        tags: ["admin"],
        summary: "Delete any review",
        params: IdParams,
        response: { 200: DeleteResult, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return reviewsService.deleteReview(db, actor, request.params.id);
    },
  );
};
