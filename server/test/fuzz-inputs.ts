/**
 * Inputs for walking the API from its OpenAPI document: a plausible value for every schema, and
 * the ways to spoil one. Everything is derived from the document, in its order, so two runs send
 * the same requests.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; schema?: JsonSchema };

export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const fixedId = "00000000-0000-4000-8000-000000000000";

export function resolver(document: OpenApiDocument) {
  return function resolve(schema: JsonSchema | undefined): JsonSchema {
    let current = schema ?? {};
    for (let hops = 0; current.$ref && hops < 10; hops += 1) {
      const name = current.$ref.split("/").pop() ?? "";
      current = document.components?.schemas?.[name] ?? {};
    }
    return current;
  };
}

function typeOf(schema: JsonSchema): string | undefined {
  const types = ([] as string[]).concat(schema.type ?? []).filter((type) => type !== "null");
  return types[0];
}

const sampleStrings: Record<string, string> = {
  email: "fuzz@example.com",
  uuid: fixedId,
  "date-time": "2030-01-01T00:00:00.000Z",
  date: "2030-01-01",
  uri: "https://example.com/fuzz",
  url: "https://example.com/fuzz",
};

/** A value the schema would likely take: the walk spoils one part of it at a time. */
export function sample(resolve: (schema?: JsonSchema) => JsonSchema, raw: JsonSchema, depth = 0): unknown {
  const schema = resolve(raw);
  if (depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) {
    const first = choice.find((option) => typeOf(resolve(option)) !== undefined) ?? choice[0];
    return sample(resolve, first ?? {}, depth + 1);
  }
  if (schema.allOf?.length) return sample(resolve, schema.allOf[0] ?? {}, depth + 1);
  switch (typeOf(schema)) {
    case "string":
      return sampleStrings[schema.format ?? ""] ?? "f".repeat(Math.max(schema.minLength ?? 0, 4));
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? Math.max(schema.minimum, 1) : 1;
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        sample(resolve, schema.items ?? {}, depth + 1),
      );
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          sample(resolve, value, depth + 1),
        ]),
      );
    default:
      return schema.properties ? sample(resolve, { ...schema, type: "object" }, depth) : "fuzz";
  }
}

/** Text that no field may hold, and text only a careless limit would let through. */
export const badStrings = ["a\u0000b", "\u0000", "x\u0001\u0008\u000b\u001b[2J\u001f", "x".repeat(20_000)];

/** For a value of one type, values of the others. */
export function wrongTypes(value: unknown): unknown[] {
  if (typeof value === "string") return [12345, true, {}, null];
  if (typeof value === "number") return ["12abc", -1e308, 1.5, null];
  if (typeof value === "boolean") return ["yes", 1, null];
  if (Array.isArray(value)) return [{}, "list", null];
  if (value && typeof value === "object") return [[], "object", 7, null];
  return ["text", 1];
}

type Leaf = { path: (string | number)[]; value: unknown };

/** Every value inside a sample, containers included, by its path. */
export function leaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  const here = path.length > 0 ? [{ path, value }] : [];
  if (Array.isArray(value))
    return [...here, ...value.flatMap((item, index) => leaves(item, [...path, index]))];
  if (value && typeof value === "object") {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))];
  }
  return here;
}

export function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, next);
  return copy;
}

/** Raw bodies a JSON route must refuse: broken JSON, the wrong kind of document, far too much. */
export const badJsonBodies = ['{"broken": ', "{'single': 'quotes'}", "[]", '"text"', "null", "\u0000", "{}"];
export const oversizedJsonBody = JSON.stringify({ filler: "x".repeat(1024 * 1024 + 10) });

/** Path segments that are not ids: NUL, control characters, bad percent-escapes, far too long. */
export const badPathValues = [
  "%00",
  "a%00b",
  "%01%1b",
  "%0a",
  "%ZZ",
  "not-an-id",
  "..%2F..",
  "x".repeat(3000),
  fixedId,
];

const multipartBoundary = "fuzz-boundary";
const wholeUpload = (name: string) =>
  `--${multipartBoundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
  `Content-Type: text/plain\r\n\r\nhello\r\n--${multipartBoundary}--\r\n`;

/** Uploads spoiled in the ways a client or an attacker spoils them. */
export const badUploads: { contentType: string; payload: string }[] = [
  {
    contentType: `multipart/form-data; boundary=${multipartBoundary}`,
    payload: wholeUpload("a.txt").slice(0, 50),
  },
  {
    contentType: `multipart/form-data; boundary=${multipartBoundary}`,
    payload: wholeUpload("a.txt").slice(0, -10),
  },
  { contentType: "multipart/form-data", payload: wholeUpload("a.txt") },
  { contentType: "multipart/form-data; boundary=", payload: wholeUpload("a.txt") },
  { contentType: `multipart/form-data; boundary=${multipartBoundary}`, payload: "not multipart" },
  { contentType: `multipart/form-data; boundary=${multipartBoundary}`, payload: "" },
  { contentType: `multipart/form-data; boundary=${multipartBoundary}`, payload: wholeUpload("a\u0000.txt") },
  {
    contentType: `multipart/form-data; boundary=${multipartBoundary}`,
    payload: wholeUpload("../../etc/passwd"),
  },
  {
    contentType: `multipart/form-data; boundary=${multipartBoundary}`,
    payload: wholeUpload("a.txt").replace('name="file"; filename="a.txt"', 'name="file"'),
  },
  {
    contentType: `multipart/form-data; boundary=${multipartBoundary}`,
    payload: wholeUpload("a.txt").replace(`--${multipartBoundary}--`, wholeUpload("b.txt").slice(0, -2)),
  },
  { contentType: "application/json", payload: '{"file": "a\\u0000"}' },
  { contentType: "text/plain", payload: "just text" },
];
