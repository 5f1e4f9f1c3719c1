import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.js";

export type Upload = { name: string; contentType: string; body: Buffer };

const unreadable = () =>
  new AppError("bad_request", "The upload could not be read. Please choose the file and send it again.", {
    file: "is not a complete multipart/form-data upload",
  });

/**
 * The one file a form sends in its `file` field. Whatever the client sends instead (no
 * multipart, no boundary, a body cut short, a part without a file name) is the client's
 * mistake: a 400 in the one error shape, with `missing` and `tooLarge` for the route's own words.
 */
export async function readUpload(
  request: FastifyRequest,
  refusals: { missing: AppError; tooLarge: AppError },
): Promise<Upload> {
  if (!request.isMultipart()) throw refusals.missing;
  const { multipartErrors } = request.server;
  const refusal = (error: unknown) => {
    if (error instanceof multipartErrors.RequestFileTooLargeError) return refusals.tooLarge;
    // The form takes no fields: a part without a file name is a field, so it is this, not "too large".
    if (error instanceof multipartErrors.FieldsLimitError) {
      return new AppError("bad_request", refusals.missing.message, { file: "has no file name" });
    }
    if (error instanceof AppError) return error;
    // Everything else here is the parser reading the request's own bytes (busboy's "Unexpected
    // end of form", "Boundary not found", a malformed part header, a second file).
    return unreadable();
  };
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    throw refusal(error);
  }
  if (part?.fieldname !== "file") throw refusals.missing;
  if (!part.filename)
    throw new AppError("bad_request", refusals.missing.message, { file: "has no file name" });
  try {
    return { name: part.filename, contentType: part.mimetype, body: await part.toBuffer() };
  } catch (error) {
    throw refusal(error);
  }
}
