// API keys: other systems calling the team's routes with a role's permissions (auth/api-keys.ts checks them).
export { apiKeyRoutes } from "./routes.js";
