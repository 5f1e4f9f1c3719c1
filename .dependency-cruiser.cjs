/**
 * The direction of imports, checked by `npm run lint:deps` (part of `npm run lint`).
 * Server: modules are reached through their face (`modules/<name>/index.ts`); infrastructure
 * (plugins, jobs, mail, db, auth, files, payment providers, ops) never imports a module: the
 * wiring happens in app.ts, worker.ts and the command-line entries. Both sides: no import cycle.
 */
const infrastructure =
  "^server/src/(plugins|jobs|mail|db|auth|files|pdf|payment-providers|ops|clock\\.ts|errors\\.ts|config\\.ts)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "An import cycle ties its files into one: break it by moving what both need below them.",
      from: { path: "^(server|web)/" },
      to: { circular: true },
    },
    {
      name: "module-face",
      severity: "error",
      comment: "Another module is reached only through its index.ts (what it offers the rest of the server).",
      from: { path: "^server/src/modules/([^/]+)/" },
      to: {
        path: "^server/src/modules/[^/]+/",
        pathNot: ["^server/src/modules/$1/", "^server/src/modules/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "module-face-from-outside",
      severity: "error",
      comment: "Outside modules/, a module is reached only through its index.ts.",
      from: { path: "^server/(src|test)/", pathNot: "^server/src/modules/" },
      to: { path: "^server/src/modules/[^/]+/", pathNot: "^server/src/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "infrastructure-below-modules",
      severity: "error",
      comment: "Infrastructure serves the modules and never imports them: wire them together in app.ts.",
      from: { path: infrastructure },
      to: { path: "^server/src/modules/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|build|node_modules|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
  },
};
