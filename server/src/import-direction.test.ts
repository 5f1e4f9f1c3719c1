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
