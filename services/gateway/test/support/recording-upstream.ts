import {
  createServiceApp,
  END_ALL_SESSIONS_HEADER,
  END_OTHER_SESSIONS_HEADER,
  requireCaller,
  SESSION_USER_HEADER,
  type ServiceApp,
} from "@tubedigest/http";
import { pino } from "pino";

/** What one upstream was asked: the path as it arrived and the route its router matched (or none). */
export interface Arrival {
  method: string;
  url: string;
  route: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes as they arrived, on the routes that keep them (Stripe's webhook). */
  body?: Buffer;
}

export interface RecordingUpstream {
  url: string;
  arrivals: Arrival[];
  close(): Promise<void>;
}

/**
 * A stand-in for a service, built on the same service app and router settings as auth and catalog, so it
 * routes a path exactly as they would. It records every request, answers its public routes with 200
 * and its internal ones with a body a test can recognise, and can send auth's session directives.
 */
export async function startRecordingUpstream(identitySecret: string): Promise<RecordingUpstream> {
  const arrivals: Arrival[] = [];
  const app: ServiceApp = createServiceApp({
    name: "recorder",
    logger: pino({ level: "silent" }),
    identitySecret,
  });
  const arrivalOf = new WeakMap<object, Arrival>();
  app.addHook("onRequest", async (request) => {
    const arrival: Arrival = {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      headers: request.headers,
    };
    arrivals.push(arrival);
    arrivalOf.set(request, arrival);
  });
  // A test asks for a session directive in the answer by naming it on its request.
  app.addHook("onSend", async (request, reply) => {
    const signIn = request.headers["x-test-sign-in-as"];
    const endOthers = request.headers["x-test-end-other-sessions-of"];
    const endAll = request.headers["x-test-end-all-sessions-of"];
    if (typeof signIn === "string") reply.header(SESSION_USER_HEADER, signIn);
    if (typeof endOthers === "string") reply.header(END_OTHER_SESSIONS_HEADER, endOthers);
    if (typeof endAll === "string") reply.header(END_ALL_SESSIONS_HEADER, endAll);
  });
  const reached = async () => ({ reached: true });
  app.post("/api/auth/login", reached);
  app.post("/api/auth/register", reached);
  app.post("/api/auth/change-password", reached);
  app.post("/api/user/password", reached);
  app.post("/api/user/email", reached);
  app.delete("/api/user/account", reached);
  app.post("/api/user/deliveries/pause", reached);
  app.get("/api/youtube/search", reached);
  app.post("/api/process-youtube-video", reached);
  app.post("/api/generate-newsletter-preview", reached);
  app.post("/api/generate-newsletter", reached);
  app.post("/api/send-abandonment-email", reached);
  app.post("/api/create-payment-intent", reached);
  app.get("/api/subscription/plan-quote", reached);
  app.post("/api/subscription/plan", reached);
  app.post("/api/billing-portal", reached);
  // Answers who the service believes is calling, as auth and catalog would.
  app.get("/api/user/channels", async (request) => ({ caller: requireCaller(request) }));
  app.get("/internal/account-summary", async () => ({ email: "someone@example.com", fullName: null }));
  app.get("/internal/channels/:youtubeChannelId/videos", async () => ({ internal: true }));
  app.get("/internal/videos/:youtubeVideoId", async () => ({ internal: true }));
  // As billing takes Stripe's webhook: the raw bytes, since the signature is over them.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post("/api/webhooks/stripe", { bodyLimit: 1024 * 1024 }, async (request) => {
      const arrival = arrivalOf.get(request);
      if (arrival && Buffer.isBuffer(request.body)) arrival.body = request.body;
      return { received: true };
    });
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url, arrivals, close: () => app.close() };
}

/** Routes of a service that must never be reached from outside. */
export function isInternalRoute(route: string | undefined): boolean {
  return route !== undefined && !route.startsWith("/api/");
}
