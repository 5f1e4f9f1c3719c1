// `npm run dev`: the API with reload on :3000 and the Vite dev server (which proxies /api to it).
import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "./build-state.mjs";

// The same ./data as `npm start`, whichever workspace folder the server runs from.
const env = {
  ...process.env,
  DATA_DIR: path.resolve(process.env.DATA_DIR ?? path.join(root, "data")),
  // Pages come from Vite's server on :5173; the account endpoints must accept calls from there.
  TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS ?? "http://localhost:5173",
};

const children = [
  spawn("npm", ["run", "dev", "-w", "server"], { cwd: root, stdio: "inherit", env }),
  spawn("npm", ["run", "dev", "-w", "web"], { cwd: root, stdio: "inherit", env }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
