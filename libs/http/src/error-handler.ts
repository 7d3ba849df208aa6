import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./http-error.ts";

const GENERIC_FAILURE = "Something went wrong on our side. Please try again in a moment.";

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "The request is too large.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as application/json.",
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON object.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request body's length does not match its Content-Length header.",
  FST_ERR_BAD_URL:
    "The address is not valid: each % must begin a percent-encoded UTF-8 character, such as %20.",
  FST_ERR_MAX_PARAM_LENGTH: "The address is too long.",
};

/**
 * 4xx answers carry the reason. A 5xx carries a message only when the code raised it on purpose as an
 * HttpError ("YouTube's quota is spent ..."); any other failure's cause goes to the log, never out.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.validation ? 400 : (error.statusCode ?? 500);
  if (status >= 500 && error instanceof HttpError) {
    request.log.warn({ status, reason: error.message }, "request answered as unavailable");
    return reply.status(status).send({ message: error.message });
  }
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return reply.status(status).send({ message: GENERIC_FAILURE });
  }
  if (status === 400 && error.name === "SyntaxError") {
    return reply.status(400).send({ message: FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY });
  }
  request.log.info({ status, reason: error.message }, "request refused");
  return reply
    .status(status)
    .send({ message: (error.code && FRAMEWORK_MESSAGES[error.code]) || error.message });
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split("?")[0]}` });
}
