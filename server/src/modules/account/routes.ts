import {
  AccountExport,
  accountDataMessages,
  ConfirmAccountDeletionBody,
  DeleteAccountBody,
  DeleteAccountResult,
} from "@agency/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteAccountMail } from "../../auth/account-mails.js";
import { COOKIE_PREFIX } from "../../auth/auth.js";
import { requireUser } from "../../auth/session.js";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { AppError, refusals } from "../../errors.js";
import type { MailBrandSource } from "../../mail/layout.js";
import type { Mailer } from "../../mail/mailer.js";
import type { FileStorage } from "../../storage/storage.js";
import { accountHolder } from "../audit/index.js";
import { anonymiseAccount, consumeDeletionToken, createDeletionToken } from "./delete.js";
import { buildAccountExport, buildAccountExportZip } from "./export.js";
import { verifyAccountPassword } from "./password.js";
import { passwordOf } from "./queries.js";

type AccountRouteOptions = {
  db: Database;
  config: Config;
  mailer: Mailer;
  storage: FileStorage;
  brand: MailBrandSource;
};

/** The page a mailed deletion link opens (signed in, it asks to confirm once more). */
const DELETE_CONFIRM_PATH = "/dashboard/profile/edit";

function exportFileName(extension: string) {
  return `my-data-${new Date().toISOString().slice(0, 10)}.${extension}`;
}

/** The deleted account's session cookies go with it (the sessions themselves are already removed). */
function expireSessionCookies(reply: FastifyReply, secure: boolean) {
  const prefix = secure ? `__Secure-${COOKIE_PREFIX}` : COOKIE_PREFIX;
  const attributes = `Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  reply.header(
    "set-cookie",
    ["session_token", "session_data", "dont_remember"].map((name) => `${prefix}.${name}=; ${attributes}`),
  );
}

/** The signed-in customer's own data: download it, or delete the account. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (
  app,
  { db, config, mailer, storage, brand },
) => {
  const secureCookies = config.publicUrl.startsWith("https://");

  app.get(
    "/account/export",
    {
      config: { access: "user" },
      schema: {
        tags: ["accounts"],
        summary: "Everything kept about the signed-in customer, as a JSON document",
        response: { 200: AccountExport, ...refusals(401) },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(request);
      reply
        .header("content-disposition", `attachment; filename="${exportFileName("json")}"`)
        .header("cache-control", "private, no-store");
      return buildAccountExport(db, accountHolder(caller), caller.id);
    },
  );

  app.get(
    "/account/export.zip",
    {
      config: { access: "user" },
      schema: {
        tags: ["accounts"],
        summary: "The same document with the files of the customer's orders, as a zip",
        response: { 200: z.any(), ...refusals(401) },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(request);
      const archive = await buildAccountExportZip(db, storage, accountHolder(caller), caller.id);
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${exportFileName("zip")}"`)
        .header("cache-control", "private, no-store")
        .send(archive);
    },
  );

  app.post(
    "/account/delete",
    {
      config: { access: "user" },
      schema: {
        tags: ["accounts"],
        summary:
          "Delete the signed-in account: with its password, or (accounts without one) by a mailed link",
        body: DeleteAccountBody,
        response: { 200: DeleteAccountResult, ...refusals(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(request);
      const hash = await passwordOf(db, caller.id);
      if (hash === null) {
        const token = await createDeletionToken(db, caller.id);
        const link = new URL(DELETE_CONFIRM_PATH, config.publicUrl);
        link.searchParams.set("delete", token);
        await mailer.send(deleteAccountMail(await brand(), caller.email, caller.name, link.toString()));
        return { status: "mailed" as const };
      }
      const { password } = request.body;
      if (!password) {
        throw new AppError("bad_request", accountDataMessages.passwordRequired, { password: "missing" });
      }
      if (!(await verifyAccountPassword(app.auth, hash, password))) {
        throw new AppError("bad_request", accountDataMessages.wrongPassword, { password: "incorrect" });
      }
      await anonymiseAccount(db, accountHolder(caller), caller.id);
      app.sessionCache.clear();
      expireSessionCookies(reply, secureCookies);
      return { status: "deleted" as const };
    },
  );

  app.post(
    "/account/delete/confirm",
    {
      config: { access: "user" },
      schema: {
        tags: ["accounts"],
        summary: "Delete the signed-in account with the link mailed to it",
        body: ConfirmAccountDeletionBody,
        response: { 200: DeleteAccountResult, ...refusals(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(request);
      // Checked before the token is used up, so a refusal leaves the link working once the plans end.
      await db.transaction(async (tx) => {
        if (!(await consumeDeletionToken(tx, caller.id, request.body.token))) {
          throw new AppError("bad_request", accountDataMessages.deletionLinkInvalid, { token: "invalid" });
        }
        await anonymiseAccount(tx, accountHolder(caller), caller.id);
      });
      app.sessionCache.clear();
      expireSessionCookies(reply, secureCookies);
      return { status: "deleted" as const };
    },
  );
};
