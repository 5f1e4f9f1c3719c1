import type { PageData } from "@agency/contract";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { AppError } from "../../errors.js";
import { getBlogPost, listBlogs } from "../blogs/index.js";
import { listPlans, listServices } from "../catalog/index.js";
import { listReviews } from "../reviews/index.js";
import { readSiteContent } from "./content.js";
import type { SiteSettingsSource } from "./service.js";

/**
 * The public data the web app's loaders read while a page is rendered on the server: the same
 * service calls as the public API, so through the same catalog cache, without an HTTP round trip.
 */
export function pageData(
  db: Database,
  config: Pick<Config, "site">,
  settings: Pick<SiteSettingsSource, "googleMapsApiKey" | "socialSignIn">,
): PageData {
  const pageSettings = {
    googleMapsApiKey: settings.googleMapsApiKey ?? null,
    socialSignIn: settings.socialSignIn,
  };
  return {
    pageSettings: async () => pageSettings,
    siteContent: () => readSiteContent(db, config),
    services: () => listServices(db),
    pricing: () => listPlans(db),
    reviews: () => listReviews(db),
    blogs: () => listBlogs(db),
    blogPost: async (slug) => {
      try {
        return await getBlogPost(db, slug);
      } catch (error) {
        if (error instanceof AppError && error.code === "not_found") return undefined;
        throw error;
      }
    },
  };
}
