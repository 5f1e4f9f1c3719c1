import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const app = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(app, "../..");
const biome = path.join(root, "node_modules/.bin/biome");

// Throw-away modules in the layers' folders, linted the way `npm run lint` lints the app.
const probe = `import-probe-${process.pid}`;
const probes = {
  otherFeature: [`features/${probe}/components/x.tsx`, 'import { a } from "../../catalog/api/catalog";'],
  otherFeatureFromRoot: [`features/${probe}/x.ts`, 'import { a } from "../catalog/api/catalog";'],
  routeFromFeature: [
    `features/${probe}/components/y.tsx`,
    'import { a } from "../../../routes/public/navbar";',
  ],
  featureFromComponent: [`components/${probe}.tsx`, 'import { a } from "../features/auth/api/auth";'],
  componentFromLib: [`lib/${probe}.ts`, 'import { a } from "../components/data-list";'],
  ownAndLower: [
    `features/${probe}/components/z.tsx`,
    'import { a } from "../api/orders";\nimport { b } from "../../../lib/money";\nimport { c } from "../../../components/data-list";',
  ],
  routeUsingFeatures: [
    `routes/${probe}/x.tsx`,
    'import { a } from "../../features/orders/api/orders";\nimport { b } from "../../features/catalog/api/catalog";',
  ],
} as const;
type Probe = keyof typeof probes;

let output = "";
beforeAll(() => {
  for (const [file, imports] of Object.values(probes)) {
    mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
    writeFileSync(
      path.join(app, file),
      `${imports}\nexport const used = [${imports.includes("{ c }") ? "a, b, c" : imports.includes("{ b }") ? "a, b" : "a"}];\n`,
    );
  }
  const files = Object.values(probes).map(([file]) => path.join("web/app", file));
  const result = spawnSync(biome, ["lint", "--max-diagnostics=100", ...files], {
    cwd: root,
    encoding: "utf8",
  });
  if (result.error) throw result.error;
  output = `${result.stdout}${result.stderr}`;
});

afterAll(() => {
  for (const [file] of Object.values(probes)) rmSync(path.join(app, file), { force: true });
  for (const dir of [`features/${probe}`, `routes/${probe}`])
    rmSync(path.join(app, dir), { recursive: true, force: true });
});

/** Whether the lint refused an import of the probe's module. */
const refused = (name: Probe) =>
  output
    .split("\n")
    .some((line) => line.includes(`web/app/${probes[name][0]}`) && line.includes("noRestrictedImports"));

describe("the web app's import direction (lib -> components -> features -> routes)", () => {
  it("refuses a feature importing another feature, at any depth", () => {
    expect(refused("otherFeature")).toBe(true);
    expect(refused("otherFeatureFromRoot")).toBe(true);
  });

  it("refuses features importing routes, components importing features, and lib importing components", () => {
    expect(refused("routeFromFeature")).toBe(true);
    expect(refused("featureFromComponent")).toBe(true);
    expect(refused("componentFromLib")).toBe(true);
  });

  it("lets a feature use its own files, lib and components, and a route use any feature", () => {
    expect(refused("ownAndLower")).toBe(false);
    expect(refused("routeUsingFeatures")).toBe(false);
  });
});
