import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../../test/accounts.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { teamCalls } from "../../../test/team.js";

let ctx: TestContext;
let owner: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createAccount(ctx, { role: "owner", name: "Olivia Owner" });
  admin = await createAccount(ctx, { role: "admin", name: "Adam Admin" });
});
afterAll(() => ctx.close());

const { call, team } = teamCalls(
  () => ctx,
  () => admin,
);

describe("the team's members", () => {
  it("lists every member, the owner first, with their role's name and last sign-in, and no customers", async () => {
    const customer = await createAccount(ctx);
    const created = await call("POST", "/api/team/roles", owner, {
      name: "Editors",
      permissions: ["content.edit"],
    });
    const editor = await createAccount(ctx, { role: created.json().key, permissions: "content.edit" });
    const { members } = await team();
    expect(members[0]).toMatchObject({
      id: owner.id,
      role: "owner",
      roleName: "Owner",
      name: "Olivia Owner",
    });
    expect(members.find((member) => member.id === editor.id)).toMatchObject({
      roleName: "Editors",
      suspended: false,
      suspendedAt: null,
    });
    expect(members.find((member) => member.id === admin.id)?.lastSignInAt).not.toBeNull();
    expect(members.map((member) => member.id)).not.toContain(customer.id);
  });
});
