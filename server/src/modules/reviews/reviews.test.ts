import { ErrorResponse, type ManagedReview } from "@agency/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { placeOrder, placePaidOrder, planIds } from "../../../test/orders.js";
import { reviews, user } from "../../db/schema.js";

let ctx: TestContext;
let alice: TestAccount;
let bob: TestAccount;
let admin: TestAccount;
let plans: Awaited<ReturnType<typeof planIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  [alice, bob, admin] = [
    await createAccount(ctx, { name: "Alice Reviewer" }),
    await createAccount(ctx, { name: "Bob Reviewer" }),
    await createAccount(ctx, { admin: true }),
  ];
  await ctx.db.update(user).set({ image: "https://example.com/alice.png" }).where(eq(user.id, alice.id));
  plans = await planIds(ctx);
  await placePaidOrder(ctx, alice, plans.standardMonthly._id);
  await placePaidOrder(ctx, bob, plans.premiumYearly._id);
});
afterAll(() => ctx.close());

function postReview(account: TestAccount | undefined, payload: object) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/reviews",
    headers: account ? { cookie: account.cookie } : {},
    payload,
  });
}

function call(method: "GET" | "DELETE" | "PATCH", url: string, account?: TestAccount, payload?: object) {
  return ctx.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, payload });
}

function errorOf(response: { json(): unknown }) {
  return ErrorResponse.parse(response.json()).error;
}

const unknownId = "00000000-0000-4000-8000-000000000000";

describe("adding a review", () => {
  it("needs a signed-in customer", async () => {
    const response = await postReview(undefined, { comment: "Great work" });
    expect(response.statusCode).toBe(401);
    expect(ErrorResponse.parse(response.json()).error.code).toBe("unauthorized");
  });

  it("stores the comment under the caller's name, email and picture, whatever the body claims", async () => {
    const response = await postReview(alice, {
      comment: "  They doubled our leads in three months.  ",
      name: "Mallory",
      email: "mallory@example.com",
      profilePicture: "https://evil.example/pic.png",
    });
    expect(response.statusCode).toBe(200);
    const { insertedId } = response.json();
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, insertedId));
    expect(row).toMatchObject({
      userId: alice.id,
      name: "Alice Reviewer",
      email: alice.email,
      comment: "They doubled our leads in three months.",
      profilePicture: "https://example.com/alice.png",
    });
  });

  it("refuses an empty or oversized comment and stores nothing", async () => {
    for (const comment of ["", "   ", "x".repeat(1001)]) {
      const response = await postReview(bob, { comment });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty("comment");
    }
    expect((await postReview(bob, {})).statusCode).toBe(400);
    expect(await ctx.db.$count(reviews, eq(reviews.userId, bob.id))).toBe(0);
  });

  it("shows the new review first in the public list, without its email", async () => {
    const { insertedId } = (await postReview(bob, { comment: "Clear reports, every month." })).json();
    const list = (await call("GET", "/api/reviews")).json() as Record<string, unknown>[];
    expect(list[0]).toMatchObject({
      _id: insertedId,
      name: "Bob Reviewer",
      comment: "Clear reports, every month.",
    });
    expect(list[0]).not.toHaveProperty("email");
  });

  it("allows ten attempts a minute per account", async () => {
    const carol = await createAccount(ctx);
    for (let index = 0; index < 10; index += 1) {
      expect((await postReview(carol, { comment: `Review ${index}` })).statusCode).toBe(403);
    }
    const refused = await postReview(carol, { comment: "One more" });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe("rate_limited");
    // Another customer from the same address still has their own budget (and has reviewed already).
    expect((await postReview(alice, { comment: "Still welcome" })).statusCode).toBe(409);
  });
});

describe("who may review", () => {
  it("refuses customers without a paid order, with a message that says why", async () => {
    const dave = await createAccount(ctx);
    const none = await postReview(dave, { comment: "Never bought anything" });
    expect(none.statusCode).toBe(403);
    expect(errorOf(none).message).toBe("Only customers with a paid order can write a review.");
    const unpaid = (await placeOrder(ctx, dave, plans.standardMonthly._id)).json().insertedId;
    const stillNone = await postReview(dave, { comment: "Ordered, not paid" });
    expect(stillNone.statusCode).toBe(403);
    const named = await postReview(dave, { comment: "Ordered, not paid", orderId: unpaid });
    expect(named.statusCode).toBe(403);
    expect(errorOf(named).message).toBe("This order is not paid yet, so it cannot be reviewed.");
    expect(await ctx.db.$count(reviews, eq(reviews.userId, dave.id))).toBe(0);
  });

  it("takes one review per paid order: every further one is refused, not stored", async () => {
    const erin = await createAccount(ctx);
    const orderId = await placePaidOrder(ctx, erin, plans.standardMonthly._id);
    const first = await postReview(erin, { comment: "Worth every cent" });
    expect(first.statusCode).toBe(200);
    // The account that posted eleven reviews: within the minute's budget of ten, all but one refused.
    for (let index = 0; index < 9; index += 1) {
      const again = await postReview(erin, { comment: `Again ${index}` });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toBe("You have already reviewed each of your paid orders.");
    }
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.userId, erin.id));
    expect(row?.orderId).toBe(orderId);
    expect(await ctx.db.$count(reviews, eq(reviews.userId, erin.id))).toBe(1);
  });

  it("reviews each paid order once, the one named in the body or else the oldest not reviewed", async () => {
    const frank = await createAccount(ctx);
    const older = await placePaidOrder(ctx, frank, plans.standardMonthly._id);
    const newer = await placePaidOrder(ctx, frank, plans.premiumYearly._id);
    const named = await postReview(frank, { comment: "About the yearly plan", orderId: newer });
    expect(named.statusCode).toBe(200);
    const twice = await postReview(frank, { comment: "Yearly plan again", orderId: newer });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe("You have already reviewed this order.");
    const unnamed = await postReview(frank, { comment: "About the monthly plan" });
    expect(unnamed.statusCode).toBe(200);
    const rows = await ctx.db.select().from(reviews).where(eq(reviews.userId, frank.id));
    expect(Object.fromEntries(rows.map((row) => [row.comment, row.orderId]))).toEqual({
      "About the yearly plan": newer,
      "About the monthly plan": older,
    });
    expect((await postReview(frank, { comment: "A third" })).statusCode).toBe(409);
  });

  it("does not let a customer review someone else's order, and answers 404 for a malformed id", async () => {
    const grace = await createAccount(ctx);
    const own = await placePaidOrder(ctx, grace, plans.standardMonthly._id);
    const hank = await createAccount(ctx);
    await placePaidOrder(ctx, hank, plans.standardMonthly._id);
    expect((await postReview(hank, { comment: "Not mine", orderId: own })).statusCode).toBe(404);
    expect((await postReview(hank, { comment: "Bad id", orderId: "nope" })).statusCode).toBe(404);
    expect(await ctx.db.$count(reviews, eq(reviews.userId, hank.id))).toBe(0);
  });
});

describe("a customer's own reviews", () => {
  it("lists only the caller's reviews, with their email", async () => {
    const response = await call("GET", "/api/my-reviews", bob);
    expect(response.statusCode).toBe(200);
    const list = response.json() as ManagedReview[];
    expect(list.map((review) => review.comment)).toEqual(["Clear reports, every month."]);
    expect(list[0]?.email).toBe(bob.email);
    expect((await call("GET", "/api/my-reviews")).statusCode).toBe(401);
  });

  it("does not let another customer delete a review, and lets its author", async () => {
    const [own] = (await call("GET", "/api/my-reviews", bob)).json() as ManagedReview[];
    const id = own?._id ?? "";
    expect((await call("DELETE", `/api/my-reviews/${id}`, alice)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/my-reviews/${id}`, admin)).statusCode).toBe(404);
    expect(await ctx.db.$count(reviews, eq(reviews.id, id))).toBe(1);

    const deleted = await call("DELETE", `/api/my-reviews/${id}`, bob);
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await call("GET", "/api/my-reviews", bob)).json()).toEqual([]);
    expect((await call("DELETE", `/api/my-reviews/${id}`, bob)).statusCode).toBe(404);
  });

  it("answers 404 for a malformed id and 401 when signed out", async () => {
    expect((await call("DELETE", "/api/my-reviews/not-an-id", bob)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/my-reviews/${unknownId}`)).statusCode).toBe(401);
  });
});

describe("managing reviews", () => {
  const total = 23;
  const base = Date.parse("2030-01-01T00:00:00Z");

  beforeAll(async () => {
    await ctx.db.delete(reviews);
    // Inserted directly: the API's own limit allows ten a minute per account.
    await ctx.db.insert(reviews).values(
      Array.from({ length: total }, (_, index) => ({
        userId: alice.id,
        name: `Reviewer ${index}`,
        email: `reviewer${index}@example.com`,
        comment: `Comment number ${index}`,
        createdAt: new Date(base + index * 60_000),
      })),
    );
  });

  it("is for admins only", async () => {
    expect((await call("GET", "/api/manage-reviews?page=0&size=5")).statusCode).toBe(401);
    expect((await call("GET", "/api/manage-reviews?page=0&size=5", alice)).statusCode).toBe(403);
    expect((await call("GET", "/api/manage-reviews?page=0&size=5", admin)).statusCode).toBe(200);
  });

  it("pages newest first with the author's email, five by default", async () => {
    const response = await call("GET", "/api/manage-reviews", admin);
    const page = response.json() as ManagedReview[];
    expect(page.map((review) => review.name)).toEqual([
      "Reviewer 22",
      "Reviewer 21",
      "Reviewer 20",
      "Reviewer 19",
      "Reviewer 18",
    ]);
    expect(page[0]?.email).toBe("reviewer22@example.com");
    const second = (await call("GET", "/api/manage-reviews?page=1&size=5", admin)).json() as ManagedReview[];
    expect(second[0]?.name).toBe("Reviewer 17");
  });

  it.each([5, 10, 15, 20])("shows %i reviews a page, and the rest on the last page", async (size) => {
    const count = (await call("GET", "/api/review-count")).json().count;
    expect(count).toBe(total);
    const pages = Math.ceil(count / size);
    const seen = new Set<string>();
    for (let page = 0; page < pages; page += 1) {
      const list = (
        await call("GET", `/api/manage-reviews?page=${page}&size=${size}`, admin)
      ).json() as ManagedReview[];
      expect(list).toHaveLength(page === pages - 1 ? count - size * (pages - 1) : size);
      for (const review of list) seen.add(review._id);
    }
    expect(seen.size).toBe(total);
    const beyond = await call("GET", `/api/manage-reviews?page=${pages}&size=${size}`, admin);
    expect(beyond.json()).toEqual([]);
  });

  it("refuses a negative page and a size outside 1 to 50", async () => {
    for (const query of ["page=-1&size=5", "page=0&size=0", "page=0&size=51", "page=x&size=5"]) {
      expect((await call("GET", `/api/manage-reviews?${query}`, admin)).statusCode).toBe(400);
    }
  });

  it("lets only an admin delete a review, once", async () => {
    const [newest] = (
      await call("GET", "/api/manage-reviews?page=0&size=1", admin)
    ).json() as ManagedReview[];
    const url = `/api/review-delete/${newest?._id}`;
    expect((await call("DELETE", url)).statusCode).toBe(401);
    expect((await call("DELETE", url, alice)).statusCode).toBe(403);
    expect((await call("DELETE", url, admin)).json()).toEqual({ deletedCount: 1 });
    expect((await call("DELETE", url, admin)).statusCode).toBe(404);
    expect((await call("GET", "/api/review-count")).json()).toEqual({ count: total - 1 });
    const publicList = (await call("GET", "/api/reviews")).json() as { _id: string }[];
    expect(publicList.map((review) => review._id)).not.toContain(newest?._id);
  });

  it("lets an admin hide a review from the public pages and show it again, without deleting it", async () => {
    const [newest] = (
      await call("GET", "/api/manage-reviews?page=0&size=1", admin)
    ).json() as ManagedReview[];
    const id = newest?._id ?? "";
    const url = `/api/manage-reviews/${id}`;
    const publicIds = async () =>
      ((await call("GET", "/api/reviews")).json() as { _id: string }[]).map((review) => review._id);
    const before = (await call("GET", "/api/review-count")).json().count;
    expect(await publicIds()).toContain(id);

    expect((await call("PATCH", url, undefined, { hidden: true })).statusCode).toBe(401);
    expect((await call("PATCH", url, alice, { hidden: true })).statusCode).toBe(403);
    expect((await call("PATCH", url, admin, { hidden: "yes" })).statusCode).toBe(400);
    const hidden = await call("PATCH", url, admin, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ _id: id, hidden: true, email: newest?.email });

    expect(await publicIds()).not.toContain(id);
    expect((await call("GET", "/api/review-count")).json()).toEqual({ count: before - 1 });
    expect((await call("GET", "/api/review-count", alice)).json()).toEqual({ count: before - 1 });
    // The admin's list still shows it, marked, and the admin's count pages over every review.
    expect((await call("GET", "/api/review-count", admin)).json()).toEqual({ count: before });
    const managed = (await call("GET", "/api/manage-reviews?page=0&size=1", admin)).json() as ManagedReview[];
    expect(managed[0]).toMatchObject({ _id: id, hidden: true });
    expect(await ctx.db.$count(reviews, eq(reviews.id, id))).toBe(1);

    const shown = await call("PATCH", url, admin, { hidden: false });
    expect(shown.json()).toMatchObject({ _id: id, hidden: false });
    expect(await publicIds()).toContain(id);
    expect((await call("GET", "/api/review-count")).json()).toEqual({ count: before });
  });

  it("answers 404 when hiding a malformed or unknown review", async () => {
    for (const id of ["not-an-id", unknownId]) {
      const response = await call("PATCH", `/api/manage-reviews/${id}`, admin, { hidden: true });
      expect(response.statusCode).toBe(404);
    }
  });

  it("answers 404 for a malformed or unknown id", async () => {
    expect((await call("DELETE", "/api/review-delete/not-an-id", admin)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/review-delete/${unknownId}`, admin)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/review-delete/1%27%20or%201=1", admin)).statusCode).toBe(404);
  });
});
