import { FileMeta, IdParams, workflowMessages } from "@agency/contract";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../auth/session.js";
import { AppError, refusals } from "../../errors.js";
import { readUpload } from "../../storage/upload.js";
import { contentDisposition, type FileContext, findDownloadableFile, storeUpload } from "./service.js";

const refused = refusals(400, 401, 404, 409, 422);

/** Uploads to an order (multipart, one file in the field `file`) and authorised downloads. */
export const fileRoutes: FastifyPluginAsyncZod<FileContext & { maxBytes: number }> = async (app, options) => {
  const { maxBytes, ...ctx } = options;
  await app.register(multipart, {
    // Keep the name as sent: a name with path parts is refused, not quietly cut to its last part.
    preservePath: true,
    limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 2 },
  });

  app.post(
    "/order/:id/files",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "Upload a file to an order (its customer or an admin), to attach to a message or delivery",
        consumes: ["multipart/form-data"],
        params: IdParams,
        response: { 200: FileMeta, ...refused },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      const upload = await readUpload(request, {
        missing: new AppError("bad_request", workflowMessages.noFile, { file: "missing" }),
        tooLarge: new AppError("bad_request", workflowMessages.fileTooLarge, {
          file: `larger than ${maxBytes} bytes`,
        }),
      });
      return storeUpload(ctx, caller, request.params.id, upload);
    },
  );

  app.get(
    "/files/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "Download a file (the order's customer or an admin; internal notes' files admins only)",
        params: IdParams,
        response: { 200: z.any(), ...refused },
      },
    },
    async (request, reply) => {
      const file = await findDownloadableFile(ctx.db, await requireUser(request), request.params.id);
      const body = await ctx.storage.get(file.storageKey);
      if (!body) throw new AppError("not_found", "The file's content was not found.");
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", contentDisposition(file.name))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(body);
    },
  );
};
