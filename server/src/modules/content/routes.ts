import {
  contentMessages,
  ImageParams,
  ImageQuery,
  PageTexts,
  type SiteConfig,
  SiteContent,
  SiteIdentity,
  UploadedImage,
} from "@agency/contract";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { AppError, notFound, refusals } from "../../errors.js";
import type { FileStorage } from "../../storage/storage.js";
import { readUpload } from "../../storage/upload.js";
import { auditActorOf } from "../audit/index.js";
import { readImage, storeImage } from "./images.js";
import { loadSiteContent, savePageTexts, saveSiteIdentity } from "./service.js";

const refused = refusals(400, 401, 403);

/** The site identity and page texts: read by every public page, written in the dashboard. */
export const siteContentRoutes: FastifyPluginAsyncZod<{ db: Database; site: SiteConfig }> = async (
  app,
  { db, site },
) => {
  app.get(
    "/site/content",
    {
      config: { access: "public" },
      schema: {
        tags: ["site"],
        summary: "The site identity and the page texts the public pages show",
        response: { 200: SiteContent },
      },
    },
    () => loadSiteContent(db, site),
  );

  app.put(
    "/admin/site/identity",
    {
      config: { access: "team", permission: "content.edit" },
      schema: {
        tags: ["admin"],
        summary: "Save the site identity: name, logo, contacts, address, map and social links",
        body: SiteIdentity,
        response: { 200: SiteContent, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return saveSiteIdentity(db, actor, site, request.body);
    },
  );

  app.put(
    "/admin/site/texts",
    {
      config: { access: "team", permission: "content.edit" },
      schema: {
        tags: ["admin"],
        summary: "Save the landing and about pages' texts",
        body: PageTexts,
        response: { 200: SiteContent, ...refused },
      },
    },
    async (request) => {
      const actor = auditActorOf(await requireMember(request));
      return savePageTexts(db, actor, site, request.body);
    },
  );
};

/** Pictures for the pages (services, blog posts, the logo, the landing and about sections). */
export const imageRoutes: FastifyPluginAsyncZod<{ storage: FileStorage; maxBytes: number }> = async (
  app,
  { storage, maxBytes },
) => {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 2 } });

  app.post(
    "/admin/images",
    {
      config: { access: "team", permission: "content.edit" },
      schema: {
        tags: ["admin"],
        summary: "Upload a picture (multipart, field `file`): resized for its kind and stored for good",
        consumes: ["multipart/form-data"],
        querystring: ImageQuery,
        response: { 201: UploadedImage, ...refusals(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const { body } = await readUpload(request, {
        missing: new AppError("bad_request", contentMessages.noImage, { file: "missing" }),
        tooLarge: new AppError("too_large", contentMessages.imageTooLarge(maxBytes), {
          file: `larger than ${maxBytes} bytes`,
        }),
      });
      return reply.status(201).send(await storeImage(storage, body, request.query.kind));
    },
  );

  app.get(
    "/images/:name",
    {
      config: { access: "public" },
      schema: {
        tags: ["site"],
        summary: "An uploaded picture; its address changes with its content, so it is cached for a year",
        params: ImageParams,
        response: { 200: z.any(), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const body = await readImage(storage, request.params.name);
      if (!body) throw notFound("The image");
      return reply
        .header("content-type", "image/webp")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(body);
    },
  );
};
