// `npm run docs:graph`: draws the import graphs of docs/dependency-graphs.md from the code, with
// dependency-cruiser's own Mermaid output (GitHub renders it; no Graphviz needed). Tests and test
// helpers are left out: the pictures show what ships.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const depcruise = path.join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
const notShipped = "(\\.test\\.tsx?$|fixtures|/test/|\\.d\\.ts$|\\.css$)";

const graphs = [
  {
    title: "Server: infrastructure, composition and the modules (as one box)",
    text: "`contract` is the shared zod package. Infrastructure (auth, db, jobs, mail, plugins, storage, payment-providers) never points at `modules`; `app.ts`, `job-runtime.ts`, `main.ts` (with `serve.ts`, which it loads), `worker.ts` and `cli` wire them together.",
    source: "server/src",
    includeOnly: "^(server/src|@agency)",
    collapse: "^server/src/(modules|[^/]+)",
  },
  {
    title: "Server modules and their uses of each other",
    text: "Each box is a module, reached by the others only through its `index.ts`. `index.ts` in this picture is `modules/index.ts`, the wiring of who reacts to which event.",
    source: "server/src",
    includeOnly: "^server/src/modules",
    collapse: "^server/src/modules/[^/]+",
  },
  {
    title: "Web app: the layers",
    text: "`lib -> components -> features -> routes`; nothing points back.",
    source: "web/app",
    includeOnly: "^web/app",
    collapse: "^web/app/[^/]+",
  },
  {
    title: "Web app: routes compose the features",
    text: "No feature imports another: a route puts them together.",
    source: "web/app",
    includeOnly: "^web/app",
    collapse: "^web/app/(features/[^/]+|[^/]+)",
  },
];

function mermaidOf({ source, includeOnly, collapse }) {
  return execFileSync(
    process.execPath,
    [
      depcruise,
      source,
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "mermaid",
      "--exclude",
      notShipped,
      "--include-only",
      includeOnly,
      "--collapse",
      collapse,
    ],
    { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  ).trim();
}

const sections = graphs.map(
  (graph) => `## ${graph.title}\n\n${graph.text}\n\n\`\`\`mermaid\n${mermaidOf(graph)}\n\`\`\`\n`,
);
const page = `# Import graphs

Drawn from the code by dependency-cruiser (\`npm run docs:graph\` writes this page again; do not
edit it by hand). An arrow goes from the importer to what it imports. The rules that keep these
directions are in \`.dependency-cruiser.cjs\` and \`biome.json\`; the layers are explained in
[architecture.md](architecture.md).

${sections.join("\n")}`;

writeFileSync(path.join(root, "docs", "dependency-graphs.md"), page);
console.log("Wrote docs/dependency-graphs.md");
