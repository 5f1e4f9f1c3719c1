import type { BlogPost, PageData, PageSettings } from "@agency/contract";
import type { AppLoadContext } from "react-router";

/**
 * The public data for a page's loader. The Fastify server renders pages with its own services in
 * the load context. `npm run dev` renders them in Vite's server instead, which has no such context:
 * there the same data comes from the API server over HTTP (API_ORIGIN, default http://localhost:3000).
 */
export function pageDataOf(context: AppLoadContext): PageData {
  if (context.pages) return context.pages;
  if (!import.meta.env.DEV) throw new Error("The server rendered a page without its page data.");
  const origin = process.env.API_ORIGIN ?? "http://localhost:3000";
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${origin}/api${path}`, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`GET /api${path} answered ${response.status}.`);
    return (await response.json()) as T;
  };
  return {
    pageSettings: async () => {
      const { googleMapsApiKey, socialSignIn } = await get<PageSettings>("/site");
      return { googleMapsApiKey, socialSignIn };
    },
    siteContent: () => get("/site/content"),
    services: () => get("/services"),
    pricing: () => get("/pricing"),
    reviews: () => get("/reviews"),
    blogs: () => get("/blogs"),
    blogPost: (slug) => get<BlogPost>(`/blogs/${encodeURIComponent(slug)}`).catch(() => undefined),
  };
}
