import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../test/accounts.js";
import {
  badJsonBodies,
  badPathValues,
  badStrings,
  badUploads,
  type JsonSchema,
  leaves,
  type OpenApiDocument,
  type Operation,
  oversizedJsonBody,
  replaced,
  resolver,
  sample,
  wrongTypes,
} from "../test/fuzz-inputs.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import { placePaidOrder, planIds } from "../test/orders.js";

/**
 * Every operation the API documents, called with spoiled input by a signed-in admin and a
 * signed-in customer: no answer may be a 5xx. The operations are read from the OpenAPI document
 * the app serves, so a new route is walked without anyone adding it here.
 */

let ctx: TestContext;
let document: OpenApiDocument;
const identities: { name: string; account: TestAccount }[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ env: { LEADS_RATE_LIMIT: "1000000" } });
  const customer = await createAccount(ctx);
  const admin = await createAccount(ctx, { admin: true });
  // A paid order, so the customer's and the admin's lists and pages have something in them.
  await placePaidOrder(ctx, customer, (await planIds(ctx)).standardMonthly._id);
  identities.push({ name: "customer", account: customer }, { name: "admin", account: admin });
  document = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json() as OpenApiDocument;
});
afterAll(() => ctx.close());

type Call = {
  method: string;
  url: string;
  contentType?: string;
  payload?: string;
};

const methods = ["get", "post", "put", "patch", "delete"];

function buildUrl(template: string, pathValues: Record<string, string>, query: [string, string][]): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues[name] ?? "x");
  const search = query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  return search.length > 0 ? `${path}?${search.join("&")}` : path;
}

/** Every spoiled call of one operation, in the document's order. */
function callsFor(template: string, method: string, operation: Operation, withOversized: boolean): Call[] {
  const resolve = resolver(document);
  const upper = method.toUpperCase();
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === "path");
  const queryParameters = parameters.filter((parameter) => parameter.in === "query");
  const samplePath = Object.fromEntries(
    pathParameters.map((parameter) => [
      parameter.name,
      encodeURIComponent(String(sample(resolve, parameter.schema ?? { type: "string" }))),
    ]),
  );
  const content = operation.requestBody?.content ?? {};
  const jsonSchema: JsonSchema | undefined = content["application/json"]?.schema;
  const isUpload = "multipart/form-data" in content;
  const body = jsonSchema ? sample(resolve, jsonSchema) : undefined;
  const sampleCall = (url: string): Call =>
    body === undefined ? { method: upper, url } : { method: upper, url, ...json(body) };

  const calls: Call[] = [];
  for (const parameter of pathParameters) {
    for (const value of badPathValues) {
      calls.push(sampleCall(buildUrl(template, { ...samplePath, [parameter.name]: value }, [])));
    }
  }
  const url = buildUrl(template, samplePath, []);
  for (const parameter of queryParameters) {
    const values = [...badStrings, "not-a-number", "-1", "1e309", "[]"];
    for (const value of values) {
      calls.push(sampleCall(buildUrl(template, samplePath, [[parameter.name, value]])));
    }
    calls.push(
      sampleCall(
        buildUrl(template, samplePath, [
          [parameter.name, "a"],
          [parameter.name, "b"],
        ]),
      ),
    );
  }
  if (body !== undefined) {
    for (const leaf of leaves(body)) {
      const spoiled = [...(typeof leaf.value === "string" ? badStrings : []), ...wrongTypes(leaf.value)];
      for (const value of spoiled)
        calls.push({ method: upper, url, ...json(replaced(body, leaf.path, value)) });
    }
  }
  if (isUpload) {
    for (const upload of badUploads) calls.push({ method: upper, url, ...upload });
  }
  if (upper !== "GET" && upper !== "DELETE") {
    for (const payload of badJsonBodies)
      calls.push({ method: upper, url, contentType: "application/json", payload });
    if (withOversized) {
      calls.push({ method: upper, url, contentType: "application/json", payload: oversizedJsonBody });
    }
  }
  return calls;
}

function json(value: unknown) {
  return { contentType: "application/json", payload: JSON.stringify(value) };
}

describe("every documented operation, signed in", () => {
  it("answers spoiled input without a 5xx", { timeout: 180_000 }, async () => {
    const operations = Object.entries(document.paths)
      .filter(([template]) => !template.startsWith("/api/docs"))
      .flatMap(([template, item]) =>
        methods
          .filter((method) => item[method])
          .map((method) => ({ template, method, operation: item[method] })),
      );
    expect(operations.length).toBeGreaterThan(50);
    let sent = 0;
    const failures: string[] = [];
    for (const { name, account } of identities) {
      for (const { template, method, operation } of operations) {
        if (!operation) continue;
        for (const call of callsFor(template, method, operation, name === "admin")) {
          const response = await ctx.app.inject({
            method: call.method as "GET",
            url: call.url,
            headers: {
              cookie: account.cookie,
              origin: ctx.config.publicUrl,
              ...(call.contentType ? { "content-type": call.contentType } : {}),
            },
            ...(call.payload !== undefined ? { payload: call.payload } : {}),
          });
          sent += 1;
          if (response.statusCode >= 500) {
            const shown = (call.payload ?? "").slice(0, 160);
            failures.push(
              `${name} ${call.method} ${call.url.slice(0, 160)} ${shown} -> ${response.statusCode}`,
            );
          }
        }
      }
    }
    console.info(
      `API fuzz: ${operations.length} operations, ${sent} requests as customer and admin, ${failures.length} answered 5xx`,
    );
    expect(failures).toEqual([]);
  });
});
