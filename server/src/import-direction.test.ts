import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const src = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(src, "../..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");

// Throw-away files in the server's folders, checked the way `npm run lint:deps` checks the server.
const probe = `import-probe-${process.pid}`;
const probes = {
  innerFileOfAnotherModule: [`modules/${probe}/a.ts`, 'import { recordAudit } from "../audit/record.js";'],
  faceOfAnotherModule: [`modules/${probe}/b.ts`, 'import { recordAudit } from "../audit/index.js";'],
  innerFileFromOutside: [`${probe}-outside.ts`, 'import { cancelOrder } from "./modules/orders/cancel.js";'],
  infrastructureToModule: [`plugins/${probe}.ts`, 'import { recordAudit } from "../modules/audit/index.js";'],
  cycleFirst: [`${probe}-first.ts`, `import { b } from "./${probe}-second.js";\nexport const a = () => b;`],
  cycleSecond: [`${probe}-second.ts`, `import { a } from "./${probe}-first.js";\nexport const b = () => a;`],
} as const;

type Violation = { rule: { name: string }; from: string; to: string };
let violations: Violation[] = [];
const broken = (name: keyof typeof probes) =>
  violations.filter((v) => v.from === `server/src/${probes[name][0]}`).map((v) => v.rule.name);

beforeAll(() => {
  mkdirSync(path.join(src, "modules", probe), { recursive: true });
  for (const [file, text] of Object.values(probes)) writeFileSync(path.join(src, file), `${text}\n`);
  const result = spawnSync(
    depcruise,
    [
      ...Object.values(probes).map(([file]) => `server/src/${file}`),
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "json",
    ],
    { cwd: root, encoding: "utf8" },
  );
  violations = JSON.parse(result.stdout).summary.violations;
}, 60_000);

afterAll(() => {
  rmSync(path.join(src, "modules", probe), { recursive: true, force: true });
  for (const [file] of Object.values(probes)) rmSync(path.join(src, file), { force: true });
});

describe("the server's import rules", () => {
  it("refuse another module's inner file, from a module or from outside", () => {
    expect(broken("innerFileOfAnotherModule")).toContain("module-face");
    expect(broken("innerFileFromOutside")).toContain("module-face-from-outside");
  });

  it("let a module use another through its index.ts", () => {
    expect(broken("faceOfAnotherModule")).toEqual([]);
  });

  it("refuse infrastructure importing a module, even through its face", () => {
    expect(broken("infrastructureToModule")).toContain("infrastructure-below-modules");
  });

  it("refuse an import cycle", () => {
    // Reported once, from whichever file of the circle it starts at.
    expect([...broken("cycleFirst"), ...broken("cycleSecond")]).toContain("no-cycle");
  });
});

/** The folder a server file belongs to: `modules/<name>`, an infrastructure folder, or the file itself at the top. */
function folderOf(file: string): string | undefined {
  if (!file.startsWith("server/src/") || /\.test\.ts$/.test(file)) return undefined;
  // The throw-away files of the rules' test above are not the server's.
  if (file.includes("import-probe-")) return undefined;
  const inner = file.slice("server/src/".length);
  const parts = inner.split("/");
  if (parts[0] === "modules" && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : inner;
}

/** The groups of folders that import each other round in a circle (strongly connected, Tarjan). */
function circles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) group.push(member);
      } while (member && member !== node);
      if (group.length > 1) found.push(group);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("the server's folders", () => {
  it("import each other in one direction: no folder reaches back to one that imports it", () => {
    const result = spawnSync(
      depcruise,
      ["server/src", "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
      { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
    );
    const cruise = JSON.parse(result.stdout) as {
      modules: { source: string; dependencies: { resolved: string; dependencyTypes: string[] }[] }[];
    };
    const graph = new Map<string, Set<string>>();
    for (const file of cruise.modules) {
      const from = folderOf(file.source);
      if (!from) continue;
      for (const dependency of file.dependencies) {
        // A type-only import leaves nothing behind at run time.
        if (dependency.dependencyTypes.includes("type-only")) continue;
        const to = folderOf(dependency.resolved);
        if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
    expect(circles(graph)).toEqual([]);
  }, 60_000);
});
