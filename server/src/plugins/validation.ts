import { controlCharacterFields, type TextPlace } from "@agency/contract";
import type { FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { AppError } from "../errors.js";

const textPlaces = new Set<string>(["body", "params", "querystring"]);

/**
 * The contract's rule for text, applied to one part of a request: the 400 naming the fields whose
 * strings carry control characters, or nothing when it keeps the rule.
 */
export function controlCharacterRefusal(data: unknown, place: TextPlace): AppError | undefined {
  const fields = controlCharacterFields(data, place);
  const first = Object.entries(fields)[0];
  return first ? new AppError("bad_request", `Invalid ${first[0]}: ${first[1]}`, fields) : undefined;
}

/**
 * The routes' zod schemas, behind the contract's rule for text: a request whose strings carry
 * control characters is refused with a 400 naming the fields, whatever the route, before its
 * schema (and so its handler and the database) sees it.
 */
export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler((route: Parameters<typeof validatorCompiler>[0]) => {
    const validate = validatorCompiler(route);
    const place = textPlaces.has(route.httpPart ?? "") ? (route.httpPart as TextPlace) : undefined;
    if (!place) return validate;
    return (data: unknown) => {
      const error = controlCharacterRefusal(data, place);
      return error ? { error } : validate(data);
    };
  });
}
