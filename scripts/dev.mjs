// `npm run dev`: the API with reload on :3000 and the Vite dev server (which proxies /api to it).
import { spawn } from "node:child_process";
import { root } from "./build-state.mjs";

const children = [
  spawn("npm", ["run", "dev", "-w", "server"], { cwd: root, stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
