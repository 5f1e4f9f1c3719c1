import { SiteSettings } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.js";
import type { PublicPage } from "../../plugins/web-app.js";
import { hostedBlogPaths } from "../blogs/index.js";
import * as site from "./service.js";

export const siteRoutes: FastifyPluginAsyncZod<site.SiteSettingsSource> = async (app, settings) => {
  app.get(
    "/site",
    {
      config: { access: "public" },
      schema: {
        tags: ["site"],
        summary:
          "Settings the pages need at run time: the map key and the social sign-in providers, when configured",
        response: { 200: SiteSettings },
      },
    },
    () => site.siteSettings(settings),
  );
};

/** Served at the root, where crawlers look for them. */
export const crawlerRoutes: FastifyPluginAsyncZod<{
  pages: () => Promise<PublicPage[]>;
  publicUrl: string;
  db: Database;
}> = async (app, { pages, publicUrl, db }) => {
  app.get(
    "/sitemap.xml",
    {
      config: { access: "public" },
      schema: { tags: ["site"], summary: "The public pages, for search engines" },
    },
    async (_request, reply) =>
      reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(site.sitemapXml(await pages(), publicUrl, await hostedBlogPaths(db))),
  );

  app.get(
    "/robots.txt",
    {
      config: { access: "public" },
      schema: { tags: ["site"], summary: "Rules for crawlers" },
    },
    (_request, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(site.robotsTxt(publicUrl)),
  );
};
