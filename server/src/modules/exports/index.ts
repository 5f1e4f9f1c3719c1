export { csvChunks, recordExport, sendCsv } from "./csv.js";
export { exportRoutes } from "./routes.js";
