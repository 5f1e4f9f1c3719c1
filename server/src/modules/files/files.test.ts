import { FileMeta, MessageList, OrderDetail, workflowMessages } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { storedFiles, uploadFile } from "../../../test/files.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { runJobs } from "../../../test/jobs.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { files } from "../../db/schema.js";
import { unattachedFileLifetimeMs } from "./service.js";

/** Small, so the oversized upload stays small too. */
const maxBytes = 2048;

let ctx: TestContext;
let admin: TestAccount;
let customer: TestAccount;
let stranger: TestAccount;
let orderId: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(maxBytes) } });
  admin = await createAccount(ctx, { admin: true });
  customer = await createAccount(ctx);
  stranger = await createAccount(ctx);
  orderId = await placePaidOrder(ctx, customer, (await planIds(ctx)).standardMonthly._id);
});
afterAll(() => ctx.close());

const pdf = (name = "brief.pdf", content: string | Buffer = "%PDF-1.4 the brief") => ({
  name,
  contentType: "application/pdf",
  content,
});

async function upload(account: TestAccount, file = pdf()) {
  const response = await uploadFile(ctx, account, orderId, file);
  expect(response.statusCode, response.body).toBe(200);
  return FileMeta.parse(response.json());
}

const get = (account: TestAccount | null, url: string) =>
  ctx.app.inject({ method: "GET", url, headers: account ? { cookie: account.cookie } : {} });

const post = (account: TestAccount, url: string, payload: object) =>
  ctx.app.inject({ method: "POST", url, headers: { cookie: account.cookie }, payload });

describe("uploads", () => {
  it.each([
    ["an empty file", pdf("empty.pdf", Buffer.alloc(0)), workflowMessages.emptyFile],
    [
      "a file over UPLOAD_MAX_BYTES",
      pdf("big.pdf", Buffer.alloc(maxBytes + 1, 1)),
      workflowMessages.fileTooLarge,
    ],
    [
      "a type outside the list",
      { name: "run.sh", contentType: "application/x-sh", content: "echo" },
      workflowMessages.fileType,
    ],
    [
      "HTML",
      { name: "page.html", contentType: "text/html", content: "<script>1</script>" },
      workflowMessages.fileType,
    ],
    ["a name with path parts", pdf("../../etc/passwd.pdf"), workflowMessages.fileName],
    ["a name with a Windows path", pdf("C:\\\\Users\\\\brief.pdf"), workflowMessages.fileName],
    ["a name with a control character", pdf("brief\u0007.pdf"), workflowMessages.fileName],
  ])("refuses %s with a clear error and stores nothing", async (_, file, message) => {
    const response = await uploadFile(ctx, customer, orderId, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await ctx.db.select().from(files)).toEqual([]);
    expect(await storedFiles(ctx)).toEqual([]);
  });

  it("refuses a request without a file, and keeps strangers and visitors out", async () => {
    const noFile = await post(customer, `/api/order/${orderId}/files`, { file: "x" });
    expect(noFile.statusCode).toBe(400);
    expect((await uploadFile(ctx, stranger, orderId, pdf())).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: `/api/order/${orderId}/files`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedFiles(ctx)).toEqual([]);
  });

  it("stores a file under a key of its own and serves it only to the order's customer and admins", async () => {
    const meta = await upload(customer, pdf("Brief – final.pdf"));
    expect(meta).toMatchObject({ name: "Brief – final.pdf", size: 18, contentType: "application/pdf" });
    expect(meta.url).toBe(`/api/files/${meta._id}`);
    // The PostgreSQL run keeps files in the local S3-compatible server, the embedded one on disk.
    expect(ctx.config.files.storage.kind).toBe(process.env.TEST_DB === "postgres" ? "s3" : "disk");
    const stored = await storedFiles(ctx);
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain("Brief");

    const download = await get(customer, meta.url);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe("%PDF-1.4 the brief");
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="Brief _ final.pdf"; filename*=UTF-8''${encodeURIComponent("Brief – final.pdf")}`,
    );
    expect((await get(admin, meta.url)).statusCode).toBe(200);
    expect((await get(stranger, meta.url)).statusCode).toBe(404);
    expect((await get(null, meta.url)).statusCode).toBe(401);
    expect((await get(customer, "/api/files/not-an-id")).statusCode).toBe(404);
  });
});

describe("files on messages and deliveries", () => {
  it("attaches files to a message once, and only the uploader's files of this order", async () => {
    const mine = await upload(customer, pdf("logo.pdf"));
    const sent = await post(customer, `/api/order/${orderId}/messages`, {
      body: "Our logo",
      fileIds: [mine._id],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().files.map((file: FileMeta) => file.name)).toEqual(["logo.pdf"]);

    const again = await post(customer, `/api/order/${orderId}/messages`, {
      body: "Again",
      fileIds: [mine._id],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(workflowMessages.fileNotAvailable);
    const adminsFile = await upload(admin, pdf("draft.pdf"));
    const notMine = await post(customer, `/api/order/${orderId}/messages`, {
      body: "x",
      fileIds: [adminsFile._id],
    });
    expect(notMine.statusCode).toBe(400);
    // The refused posts left no message behind.
    const thread = MessageList.parse((await get(customer, `/api/order/${orderId}/messages`)).json()).messages;
    expect(thread.map((message) => message.body)).toEqual(["Our logo"]);
    // An admin's upload that is attached to nothing yet is not the customer's to see.
    expect((await get(customer, adminsFile.url)).statusCode).toBe(404);
  });

  it("never lets a customer download a file of an internal note", async () => {
    const note = await upload(admin, pdf("costs.pdf"));
    const posted = await post(admin, `/api/order/${orderId}/messages`, {
      body: "Our costs",
      internal: true,
      fileIds: [note._id],
    });
    expect(posted.statusCode).toBe(200);
    expect((await get(customer, note.url)).statusCode).toBe(404);
    expect((await get(admin, note.url)).statusCode).toBe(200);
    const thread = await get(customer, `/api/order/${orderId}/messages`);
    expect(thread.body).not.toContain(note._id);
  });

  it("delivers files with the move to delivered, for the customer to download", async () => {
    const start = await post(admin, `/api/admin/orders/${orderId}/state`, { state: "in_progress" });
    expect(start.statusCode).toBe(200);
    const result = await upload(admin, {
      name: "site.zip",
      contentType: "application/zip",
      content: "PK zip",
    });
    const delivered = await post(admin, `/api/admin/orders/${orderId}/state`, {
      state: "delivered",
      note: "Here it is",
      fileIds: [result._id],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const order = OrderDetail.parse((await get(customer, `/api/order/${orderId}`)).json());
    expect(order.history.at(-1)?.files.map((file) => file.name)).toEqual(["site.zip"]);
    const download = await get(customer, result.url);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe("PK zip");
  });

  it("removes an upload nothing took a day later, and keeps the attached ones", async () => {
    const forgotten = await upload(customer, pdf("forgotten.pdf"));
    const keyOf = async (id: string) =>
      (await ctx.db.select({ key: files.storageKey }).from(files).where(eq(files.id, id)))[0]?.key;
    const forgottenKey = await keyOf(forgotten._id);
    expect(await storedFiles(ctx)).toContain(forgottenKey);
    const thread = MessageList.parse((await get(customer, `/api/order/${orderId}/messages`)).json());
    const logo = thread.messages[0]?.files[0];
    const logoKey = await keyOf(logo?._id ?? "");

    ctx.clock.advance(unattachedFileLifetimeMs + 1000);
    await runJobs(ctx);
    const stored = await storedFiles(ctx);
    expect(stored).not.toContain(forgottenKey);
    expect(stored).toContain(logoKey);
    expect((await get(customer, forgotten.url)).statusCode).toBe(404);
    expect((await get(customer, logo?.url ?? "")).statusCode).toBe(200);
  });
});
