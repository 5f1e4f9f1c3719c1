import { BlogBody, BlogEntryList, BlogSaved, BlogUpdated, DeleteResult, IdParams } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { auditActorOf } from "../audit/index.js";
import * as blogs from "./service.js";

const refused = refusals(400, 401, 403, 404, 409);

/** DESIGN "Beyond the spec" 7: add-blog is a real editor. */
export const blogAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/blogs",
    {
      config: { access: "team", permission: "content.edit" },
      schema: {
        tags: ["admin"],
        summary: "The blog posts as written (slug, description, Markdown body, own link), newest first",
        response: { 200: BlogEntryList, ...refusals(401, 403) },
      },
    },
    async () => blogs.listBlogEntries(db),
  );

  app.post(
    "/blogs",
    {
      config: { access: "team", permission: "content.edit" },
      schema: {
        tags: ["admin"],
        summary: "Publish a blog post",
        body: BlogBody,
        response: { 201: BlogSaved, ...refused },
      },
    },
    async (request, reply) => reply.status(201).send(await blogs.createBlog(db, request.body)),
  );

  app.put(
    "/blogs/:id",
    {
      config: { access: "team", permission: "content.edit" },
      schema: {
        tags: ["admin"],
        summary: "Edit a blog post",
        params: IdParams,
        body: BlogBody,
        response: { 200: BlogUpdated, ...refused },
      },
    },
    async (request) => blogs.updateBlog(db, request.params.id, request.body),
  );

  app.delete(
    "/blogs/:id",
    {
      config: { access: "team", permission: "content.edit" },
      schema: {
        tags: ["admin"],
        summary: "Delete a blog post",
        params: IdParams,
        response: { 200: DeleteResult, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return blogs.deleteBlog(db, actor, request.params.id);
    },
  );
};
