export { blogAdminRoutes } from "./admin-routes.js";
export { blogRoutes, blogsFileRoute } from "./routes.js";
export { getBlogPost, hostedBlogPaths, listBlogs } from "./service.js";
