import { AdminOrderList, Overview, PaymentList, UnreadCounts } from "@agency/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createAccount, type TestAccount } from "../../../test/accounts.js";
import { uploadFile } from "../../../test/files.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placePaidOrder, planIds } from "../../../test/orders.js";
import { mySubscription } from "../../../test/subscriptions.js";

/**
 * A member whose role does not see every order (no "orders.all") works only on the orders
 * assigned to them: every list, search, export and count shows those, and any other order is
 * not there for them (404). A member whose role sees every order sees them all.
 */

let ctx: TestContext;
let admin: TestAccount;
let staff: TestAccount;
/** Works on orders and sees money (the orders' export), but only the orders assigned to them. */
let bookkeeper: TestAccount;
/** Works on every order and sees money. */
let lead: TestAccount;
let customers: TestAccount[];
/** Two orders assigned to the staff member, one to the bookkeeper, one to nobody. */
let staffOrders: string[];
let bookkeeperOrder: string;
let unassignedOrder: string;
let fileOnOthersOrder: string;
let fileOnOwnOrder: string;

type Method = "GET" | "POST" | "PUT";
const call = (account: TestAccount, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: account.cookie }, payload });

async function list(account: TestAccount, query = "") {
  const response = await call(account, "GET", `/api/orders${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return AdminOrderList.parse(response.json());
}
const ids = (page: AdminOrderList) => page.orders.map((order) => order._id);

async function exported(account: TestAccount, query = "") {
  const response = await call(account, "GET", `/api/admin/orders.csv${query}`);
  expect(response.statusCode, response.body).toBe(200);
  // One line per order after the header (the test's customers write no line breaks).
  return response.body.trim().split("\r\n").length - 1;
}

/** The customer writes on their order with a file attached; answers the file's id. */
async function writeWithFile(customer: TestAccount, orderId: string, name: string): Promise<string> {
  const upload = await uploadFile(ctx, customer, orderId, { name, contentType: "text/plain", content: name });
  expect(upload.statusCode, upload.body).toBe(200);
  const fileId: string = upload.json()._id;
  const posted = await call(customer, "POST", `/api/order/${orderId}/messages`, {
    body: `About ${name}`,
    fileIds: [fileId],
  });
  expect(posted.statusCode, posted.body).toBe(200);
  return fileId;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAccount(ctx, { admin: true });
  staff = await createAccount(ctx, { role: "staff", name: "Sam Staff" });
  bookkeeper = await createAccount(ctx, {
    role: "0b0c0000-0000-4000-8000-00000000b00c",
    permissions: "orders.work,money.view,customers.view",
  });
  lead = await createAccount(ctx, {
    role: "0b0c0000-0000-4000-8000-0000000001ea",
    permissions: "orders.work,orders.all,money.view,customers.view",
  });
  const plans = await planIds(ctx);
  customers = [];
  const orderIds: string[] = [];
  for (const [index, plan] of ["Standard", "Premium", "Extended", "Standard"].entries()) {
    const customer = await createAccount(ctx, {
      name: ["Alma Anders", "Bruno Berg", "Cora Cole", "Dan Dorn"][index],
    });
    customers.push(customer);
    orderIds.push(
      await placePaidOrder(ctx, customer, plans.find(plan, index === 3 ? "yearly" : "monthly")._id),
    );
  }
  const [first = "", second = "", third = "", fourth = ""] = orderIds;
  staffOrders = [first, second];
  bookkeeperOrder = third;
  unassignedOrder = fourth;
  for (const [orderId, member] of [
    [first, staff],
    [second, staff],
    [third, bookkeeper],
  ] as const) {
    const assigned = await call(admin, "PUT", `/api/admin/orders/${orderId}/assignee`, {
      assigneeId: member.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  fileOnOwnOrder = await writeWithFile(customers[0] as TestAccount, first, "brief-a.txt");
  fileOnOthersOrder = await writeWithFile(customers[2] as TestAccount, third, "brief-c.txt");
});
afterAll(() => ctx.close());

describe("a member who sees only the orders assigned to them", () => {
  it("lists, searches, filters and pages only those, with counts of those", async () => {
    const all = await list(staff);
    expect(ids(all).sort()).toEqual([...staffOrders].sort());
    expect(all.counts).toEqual({ total: 2, paid: 2, unpaid: 0 });
    expect(all.matches).toBeUndefined();
    for (const order of all.orders) expect(order.assignee).toEqual({ id: staff.id, name: "Sam Staff" });

    expect(ids(await list(staff, "?q=Alma"))).toEqual([staffOrders[0]]);
    expect(ids(await list(staff, "?q=Cora"))).toEqual([]);
    expect(ids(await list(staff, `?q=${encodeURIComponent(customers[2]?.email ?? "")}`))).toEqual([]);
    expect(ids(await list(staff, "?state=submitted")).sort()).toEqual([...staffOrders].sort());
    expect(ids(await list(staff, "?assignee=me")).sort()).toEqual([...staffOrders].sort());
    expect(ids(await list(staff, "?assignee=none"))).toEqual([]);
    expect(ids(await list(staff, `?assignee=${bookkeeper.id}`))).toEqual([]);

    const first = await list(staff, "?size=1");
    const second = await list(staff, `?size=1&after=${first.nextCursor}`);
    expect([...ids(first), ...ids(second)].sort()).toEqual([...staffOrders].sort());
    expect(second.nextCursor).toBeNull();
    expect(ids(await list(staff, "?size=1&page=2"))).toEqual([]);
  });

  it("lists each member's own, one after the other, with the same filters", async () => {
    // The same filters are one statement kept for their shape: each caller's values fill it in.
    const plans = await planIds(ctx);
    const extended = plans.find("Extended", "monthly")._id;
    const standard = plans.find("Standard", "monthly")._id;
    const [first] = staffOrders;
    const seen: [string, string[], string[]][] = [
      ["", [bookkeeperOrder], staffOrders],
      ["?state=submitted", [bookkeeperOrder], staffOrders],
      [`?plan=${extended}`, [bookkeeperOrder], []],
      [`?plan=${standard}`, [], [first ?? ""]],
    ];
    for (const [query, bookkeepers, staffs] of seen) {
      expect(ids(await list(bookkeeper, query)), query).toEqual(bookkeepers);
      expect(ids(await list(staff, query)).sort(), query).toEqual([...staffs].sort());
      expect(ids(await list(bookkeeper, query)), query).toEqual(bookkeepers);
    }
    expect((await list(bookkeeper, "?state=submitted")).matches).toEqual({ count: 1, more: false });
    expect((await list(staff, "?state=submitted")).matches).toEqual({ count: 2, more: false });
  });

  it("exports only those", async () => {
    expect(await exported(bookkeeper)).toBe(1);
    expect(await exported(bookkeeper, "?q=Alma")).toBe(0);
    // Staff do not see money, so no export at all.
    expect((await call(staff, "GET", "/api/admin/orders.csv")).statusCode).toBe(403);
  });

  it("finds every other order missing: its page, thread, files and payment", async () => {
    const other = bookkeeperOrder;
    for (const url of [
      `/api/admin/orders/${other}`,
      `/api/admin/orders/${unassignedOrder}`,
      `/api/order/${other}/messages`,
      `/api/files/${fileOnOthersOrder}`,
    ]) {
      expect((await call(staff, "GET", url)).statusCode, url).toBe(404);
    }
    const posted = await call(staff, "POST", `/api/order/${other}/messages`, { body: "Hello" });
    expect(posted.statusCode).toBe(404);
    const moved = await call(staff, "POST", `/api/admin/orders/${other}/state`, { state: "in_progress" });
    expect(moved.statusCode).toBe(404);
    expect((await call(bookkeeper, "GET", `/api/admin/payment/${staffOrders[0]}`)).statusCode).toBe(404);

    expect((await call(staff, "GET", `/api/admin/orders/${staffOrders[0]}`)).statusCode).toBe(200);
    expect((await call(staff, "GET", `/api/order/${staffOrders[0]}/messages`)).statusCode).toBe(200);
    expect((await call(staff, "GET", `/api/files/${fileOnOwnOrder}`)).statusCode).toBe(200);
  });

  it("counts unread messages on those only", async () => {
    const unread = UnreadCounts.parse((await call(bookkeeper, "GET", "/api/messages/unread")).json());
    expect(unread.orders.map((entry) => entry.orderId)).toEqual([bookkeeperOrder]);
    const leadUnread = UnreadCounts.parse((await call(lead, "GET", "/api/messages/unread")).json());
    expect(leadUnread.orders.map((entry) => entry.orderId).sort()).toEqual(
      [staffOrders[0], bookkeeperOrder].sort(),
    );
  });

  it("reads only those orders' payments and cancellations", async () => {
    const [alma, , cora] = customers as [TestAccount, TestAccount, TestAccount];
    const history = async (account: TestAccount, customer: TestAccount) =>
      PaymentList.parse((await call(account, "GET", `/api/payment-history/${customer.email}`)).json());
    // Payments are money, looked up by a customer's e-mail: Staff sees neither, and a role with both
    // sees only the payments of the orders it may see.
    const refusedHistory = await call(staff, "GET", `/api/payment-history/${alma.email}`);
    expect(refusedHistory.statusCode).toBe(403);
    expect(await history(bookkeeper, cora)).toHaveLength(1);
    expect(await history(bookkeeper, alma)).toEqual([]);
    expect(await history(lead, cora)).toHaveLength(1);

    for (const [customer, orderId] of [
      [alma, staffOrders[0] ?? ""],
      [cora, bookkeeperOrder],
    ] as const) {
      const subscription = await mySubscription(ctx, customer, orderId);
      const cancelled = await ctx.app.inject({
        method: "POST",
        url: `/api/subscriptions/${subscription._id}/cancel`,
        headers: authHeaders(ctx, customer.cookie),
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    const cancellationsSeenBy = async (account: TestAccount) => {
      const response = await call(account, "GET", "/api/admin/overview");
      expect(response.statusCode, response.body).toBe(200);
      return Overview.parse(response.json()).recentCancellations.map((item) => item.orderId);
    };
    expect(await cancellationsSeenBy(bookkeeper)).toEqual([bookkeeperOrder]);
    expect((await cancellationsSeenBy(lead)).sort()).toEqual([staffOrders[0], bookkeeperOrder].sort());
  });

  it("sees the orders once assigned, and loses them when reassigned, with the counts following", async () => {
    const before = (await list(staff)).counts;
    const given = await call(admin, "PUT", `/api/admin/orders/${unassignedOrder}/assignee`, {
      assigneeId: staff.id,
    });
    expect(given.statusCode).toBe(200);
    const assigned = await list(staff);
    expect(ids(assigned)).toContain(unassignedOrder);
    expect(assigned.counts).toEqual({ ...before, total: before.total + 1, paid: before.paid + 1 });
    expect((await call(staff, "GET", `/api/admin/orders/${unassignedOrder}`)).statusCode).toBe(200);
    await call(admin, "PUT", `/api/admin/orders/${unassignedOrder}/assignee`, { assigneeId: null });
    const unassigned = await list(staff);
    expect(ids(unassigned)).not.toContain(unassignedOrder);
    expect(unassigned.counts).toEqual(before);
    expect((await call(staff, "GET", `/api/admin/orders/${unassignedOrder}`)).statusCode).toBe(404);
  });
});

describe("a member whose role sees every order", () => {
  it("lists, filters and exports them all, with who works on each", async () => {
    const all = await list(lead);
    expect(ids(all).sort()).toEqual([...staffOrders, bookkeeperOrder, unassignedOrder].sort());
    expect(all.counts.total).toBe(4);
    const byId = new Map(all.orders.map((order) => [order._id, order]));
    expect(byId.get(bookkeeperOrder)?.assignee?.id).toBe(bookkeeper.id);
    expect(byId.get(unassignedOrder)?.assignee).toBeNull();
    expect(ids(await list(lead, "?assignee=none"))).toEqual([unassignedOrder]);
    expect(ids(await list(lead, `?assignee=${staff.id}`)).sort()).toEqual([...staffOrders].sort());
    expect((await list(lead, `?assignee=${staff.id}`)).matches).toEqual({ count: 2, more: false });
    expect(ids(await list(lead, "?assignee=me"))).toEqual([]);
    expect(await exported(lead)).toBe(4);
    expect(await exported(lead, "?assignee=none")).toBe(1);
    expect((await call(lead, "GET", `/api/admin/orders/${bookkeeperOrder}`)).statusCode).toBe(200);
    expect((await call(lead, "GET", "/api/orders?assignee=not%20an%20id")).statusCode).toBe(400);
  });
});
