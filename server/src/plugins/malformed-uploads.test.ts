import { ErrorResponse } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test/accounts.js";
import { storedFiles } from "../../test/files.js";
import { createTestApp, type TestContext } from "../../test/helpers.js";
import { placeOrder, planIds } from "../../test/orders.js";

let ctx: TestContext;
let admin: TestAccount;
let orderId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  const customer = await createAccount(ctx);
  const { standardMonthly } = await planIds(ctx);
  orderId = (await placeOrder(ctx, customer, standardMonthly._id)).json().insertedId;
});
afterAll(() => ctx.close());

const boundary = "agency-malformed";
const whole =
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="brief.txt"\r\n` +
  `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
const multipart = `multipart/form-data; boundary=${boundary}`;

const malformed: { case: string; contentType: string; payload: string }[] = [
  { case: "a body cut off in its part headers", contentType: multipart, payload: whole.slice(0, 60) },
  {
    case: "a body cut off before its closing boundary",
    contentType: multipart,
    payload: whole.slice(0, -12),
  },
  { case: "a multipart type without a boundary", contentType: "multipart/form-data", payload: whole },
  { case: "bytes that are not multipart at all", contentType: multipart, payload: "not a form at all" },
  { case: "a JSON body", contentType: "application/json", payload: "{}" },
  {
    case: "a file part without a file name",
    contentType: multipart,
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nhello\r\n--${boundary}--\r\n`,
  },
];

const routes = [
  { name: "an order's files", url: () => `/api/order/${orderId}/files` },
  { name: "the admin's pictures", url: () => "/api/admin/images?kind=card" },
];

describe.each(routes)("an upload to $name", (route) => {
  it.each(malformed)("answers 400 in the error shape for $case, and stores nothing", async (sent) => {
    const before = await storedFiles(ctx);
    const response = await ctx.app.inject({
      method: "POST",
      url: route.url(),
      headers: { cookie: admin.cookie, "content-type": sent.contentType },
      payload: sent.payload,
    });
    expect(response.statusCode).toBe(400);
    const { error } = ErrorResponse.parse(response.json());
    expect(error.code).toBe("bad_request");
    expect(error.fields?.file).toBeTruthy();
    expect(await storedFiles(ctx)).toEqual(before);
  });
});
