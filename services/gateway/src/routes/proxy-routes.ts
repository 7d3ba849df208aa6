import replyFrom from "@fastify/reply-from";
import { CALLER_HEADER, HttpError, SESSION_USER_HEADER, type ServiceApp } from "@tubedigest/http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ownerOf, SEARCH_PATH, type ServiceName, SIGN_IN_PATHS } from "./upstream-table.ts";

const SIGNED_IN_USER = Symbol("signed-in user");
type ProxiedRequest = FastifyRequest & { [SIGNED_IN_USER]?: string };

/**
 * Forwards `/api/*` to the owning service: the caller's identity goes along on a header only the gateway
 * sets, and a sign-in answered by auth starts a fresh session here.
 */
export async function registerProxyRoutes(
  app: ServiceApp,
  options: {
    upstreams: Record<ServiceName, string>;
    signInRateLimit: { max: number; windowSeconds: number };
    searchRateLimit: number;
  },
): Promise<void> {
  await app.register(replyFrom, { http: { requestOptions: { timeout: 30_000 } } });

  // The gateway forwards bodies untouched; the owning service parses and validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "";
    const service = ownerOf(path);
    if (!service) throw new HttpError(404, `No route for ${request.method} ${path}`);
    // Handed over as raw bytes with their own content type, so reply-from does not re-encode them.
    const body = Buffer.isBuffer(request.body)
      ? { body: request.body, contentType: request.headers["content-type"] ?? "application/octet-stream" }
      : {};
    return reply.from(options.upstreams[service] + request.url, {
      ...body,
      rewriteRequestHeaders: (incoming, headers) => {
        const { [CALLER_HEADER]: _caller, [SESSION_USER_HEADER]: _directive, ...rest } = headers;
        const userId = incoming.session.userId;
        return { ...rest, "x-request-id": incoming.id, ...(userId ? { [CALLER_HEADER]: userId } : {}) };
      },
      rewriteHeaders: (headers, incoming) => {
        const { [SESSION_USER_HEADER]: directive, ...rest } = headers;
        if (service === "auth" && typeof directive === "string" && incoming) {
          (incoming as ProxiedRequest)[SIGNED_IN_USER] = directive;
        }
        return rest;
      },
      onResponse: async (incoming, outgoing, response) => {
        const userId = (incoming as ProxiedRequest)[SIGNED_IN_USER];
        if (userId) {
          // A new id at every sign-in, so an id planted before login is worthless after it.
          await incoming.session.regenerate();
          incoming.session.userId = userId;
        }
        return outgoing.send(response.stream);
      },
    });
  };

  const rateLimit = {
    max: options.signInRateLimit.max,
    timeWindow: options.signInRateLimit.windowSeconds * 1000,
  };
  for (const path of SIGN_IN_PATHS) {
    app.post(path, { config: { rateLimit: { ...rateLimit, groupId: "sign-in" } } }, forward);
  }
  app.get(
    SEARCH_PATH,
    { config: { rateLimit: { max: options.searchRateLimit, timeWindow: 60_000 } } },
    forward,
  );
  app.all("/api/*", forward);
}
