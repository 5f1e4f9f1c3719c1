import { BlogList, BlogPost, SlugParams } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import * as blogs from "./service.js";

export const blogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/blogs",
    {
      config: { access: "public" },
      schema: { tags: ["blogs"], summary: "The blog posts, newest first", response: { 200: BlogList } },
    },
    () => blogs.listBlogs(db),
  );

  app.get(
    "/blogs/:slug",
    {
      config: { access: "public" },
      schema: {
        tags: ["blogs"],
        summary:
          "A post hosted on the site, its Markdown body rendered as HTML (no raw HTML, no script links)",
        params: SlugParams,
        response: { 200: BlogPost, ...refusals(404) },
      },
    },
    (request) => blogs.getBlogPost(db, request.params.slug),
  );
};

/**
 * SPEC §7 reads the blogs from a static `blogs.json`. Clients written against it keep working: the
 * file is answered from the database, so it always lists what admins published.
 */
export const blogsFileRoute: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/blogs.json",
    {
      config: { access: "public" },
      schema: {
        tags: ["blogs"],
        summary: "The blog posts as the static blogs.json file of the original site",
        response: { 200: BlogList },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return blogs.listBlogs(db);
    },
  );
};
