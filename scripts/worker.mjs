// `npm run worker`: build whatever is missing or stale, then run the background jobs on their own.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { needsBuild, root } from "./build-state.mjs";

if (needsBuild()) {
  console.log("Building the shop (first start or changed sources)...");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import(pathToFileURL(path.join(root, "server/dist/worker.js")).href);
