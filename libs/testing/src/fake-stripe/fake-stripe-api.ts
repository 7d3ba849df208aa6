import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { decodeFormBody } from "./form-body.ts";
import { type CardBehaviour, invalid, StripeFailure, StripeState } from "./stripe-state.ts";

type Json = Record<string, unknown>;

/** What the fake can do instead of answering well. */
export type FakeStripeFault =
  | { kind: "serverError"; status?: number }
  /** 429 with Stripe's `rate_limit` error. */
  | { kind: "rateLimited" }
  /** Answers correctly, after `delayMs`. */
  | { kind: "slow"; delayMs: number }
  /** 200 with a body that is not JSON. */
  | { kind: "malformed" }
  /** The next payment confirmed, by any card, is declined. */
  | { kind: "cardDeclined" };

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | undefined;
}

export interface WebhookDelivery {
  status: number;
  body: string;
}

export interface FakeStripeApi {
  /** Give this to billing as Stripe's address (`http://127.0.0.1:<port>`). */
  readonly url: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** Every request received, failed ones included, oldest first. */
  readonly requests: FakeStripeRequest[];
  /** Every event Stripe would send, oldest first. */
  readonly events: Json[];
  paymentIntent(id: string): Json | undefined;
  subscription(id: string): Json | undefined;
  subscriptionsOf(customerId: string): Json[];
  /** Where webhooks go. */
  setWebhookUrl(url: string): void;
  /** Sends one event as Stripe would: `times` deliveries, one after another or all at once, signed or not. */
  deliver(
    eventId: string,
    options?: { times?: number; concurrently?: boolean; signature?: "valid" | "tampered" | "expired" },
  ): Promise<WebhookDelivery[]>;
  /** Sends every event not sent yet, in order. */
  deliverAll(): Promise<WebhookDelivery[]>;
  /** The customer typed a card into Stripe's payment form and pressed pay. */
  confirmPaymentIntent(id: string, card: CardBehaviour): void;
  /** A card saved for the customer, charged off-session. */
  addPaymentMethod(customerId: string, behaviour: CardBehaviour): string;
  /** The paid period ends and Stripe charges the next; "failed" leaves the subscription past due. */
  advanceToRenewal(subscriptionId: string, outcome: "paid" | "failed"): void;
  /** Stripe's retries of a failed renewal are used up: the subscription is cancelled. */
  failRenewalFinally(subscriptionId: string): void;
  /** The period ends: cancelled at period end → canceled; otherwise renewed. */
  endPeriod(subscriptionId: string): void;
  /** The next `times` requests whose path contains `pathPart` (or any) meet `fault`; forever when omitted. */
  fail(pathPart: string | "any", fault: FakeStripeFault, times?: number): void;
  heal(): void;
  close(): Promise<void>;
}

/** An object as Stripe answers it: referenced objects as ids unless expanded, includable fields only when asked. */
function render(state: StripeState, object: Json, expand: string[], prefix = ""): Json {
  const wanted = (field: string) =>
    expand.some((path) => path === `${prefix}${field}` || path.startsWith(`${prefix}${field}.`));
  const out: Json = { ...object };
  delete out.pendingPrice;
  if (object.object === "invoice") {
    if (!wanted("confirmation_secret")) delete out.confirmation_secret;
    if (!wanted("payments")) delete out.payments;
  }
  if (
    object.object === "subscription" &&
    typeof object.latest_invoice === "string" &&
    wanted("latest_invoice")
  ) {
    out.latest_invoice = render(
      state,
      state.invoice(object.latest_invoice),
      expand,
      `${prefix}latest_invoice.`,
    );
  }
  if (object.object === "payment_intent") delete out.invoice;
  return structuredClone(out);
}

const list = (data: Json[], url: string) => ({ object: "list", data, has_more: false, url });

/**
 * A stateful fake of the parts of Stripe's API billing calls, reached through the official SDK. It keeps
 * Stripe's shapes for API version 2026-10-28, replays idempotent requests, refuses a wrong key, declines
 * cards, requires actions, fails renewals, and signs webhooks with the SDK's own test-header helper.
 */
export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const state = new StripeState();
  const secretKey = "sk_test_fake_0123456789";
  const webhookSecret = "whsec_fake_0123456789";
  const requests: FakeStripeRequest[] = [];
  const idempotent = new Map<string, { body: string; status: number; answer: string }>();
  const faults: { pathPart: string; fault: FakeStripeFault; remaining: number }[] = [];
  const delivered = new Set<string>();
  let webhookUrl: string | undefined;

  function route(method: string, path: string, body: Json, query: Json): Json {
    const expand = [
      ...((body.expand as string[] | undefined) ?? []),
      ...((query.expand as string[] | undefined) ?? []),
    ];
    const [, , resource, id, action] = path.split("/");
    const show = (object: Json) => render(state, object, expand);
    const at =
      resource === "billing_portal"
        ? `${method} ${path.slice(3)}`
        : `${method} /${resource}${id ? "/:id" : ""}${action ? `/${action}` : ""}`;
    switch (at) {
      case "POST /customers":
        return show(state.createCustomer(body));
      case "GET /customers/:id":
        return show(state.customer(String(id)));
      case "POST /products":
        return show(state.createProduct(body));
      case "GET /prices":
        return list(state.listPrices(query).map(show), "/v1/prices");
      case "POST /prices":
        return show(state.createPrice(body));
      case "POST /subscriptions":
        return show(state.createSubscription(body));
      case "GET /subscriptions":
        return list(
          [...state.subscriptions.values()]
            .filter((subscription) => !query.customer || subscription.customer === query.customer)
            .map(show),
          "/v1/subscriptions",
        );
      case "GET /subscriptions/:id":
        return show(state.subscription(String(id)));
      case "POST /subscriptions/:id":
        return show(state.updateSubscription(String(id), body));
      case "DELETE /subscriptions/:id":
        return show(state.cancelSubscription(String(id)));
      case "GET /invoices/:id":
        return show(state.invoice(String(id)));
      case "POST /payment_intents":
        return show(state.createPaymentIntent(body));
      case "GET /payment_intents/:id":
        return show(state.paymentIntent(String(id)));
      case "POST /payment_intents/:id/capture":
        return show(state.capture(String(id)));
      case "POST /payment_intents/:id/cancel":
        return show(state.cancelPaymentIntent(String(id)));
      case "POST /billing_portal/sessions": {
        const customer = state.customer(String(body.customer));
        const sessionId = `bps_${String(customer.id).slice(4)}`;
        return {
          id: sessionId,
          object: "billing_portal.session",
          customer: customer.id,
          return_url: body.return_url ?? null,
          url: `${server.url}/portal/${sessionId}`,
        };
      }
      default:
        throw new StripeFailure(404, {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${path}).`,
        });
    }
  }

  function takeFault(path: string): FakeStripeFault | undefined {
    const index = faults.findIndex((fault) => fault.pathPart === "any" || path.includes(fault.pathPart));
    const found = faults[index];
    if (!found) return undefined;
    found.remaining -= 1;
    if (found.remaining <= 0) faults.splice(index, 1);
    return found.fault;
  }

  async function handle(request: IncomingMessage, response: ServerResponse, text: string) {
    const url = new URL(request.url ?? "/", "http://stripe.invalid");
    const method = request.method ?? "GET";
    const body = method === "GET" || method === "DELETE" ? {} : decodeFormBody(text);
    const query = decodeFormBody(url.search.slice(1));
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    requests.push({ method, path: url.pathname, body, idempotencyKey });
    const send = (status: number, answer: string) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${requests.length}`,
      });
      response.end(answer);
    };
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(
        401,
        JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided." } }),
      );
    }
    const fault = takeFault(url.pathname);
    if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.kind === "serverError") {
      return send(
        fault.status ?? 500,
        JSON.stringify({ error: { type: "api_error", message: "Something went wrong on Stripe's end." } }),
      );
    }
    if (fault?.kind === "rateLimited") {
      return send(
        429,
        JSON.stringify({
          error: { type: "invalid_request_error", code: "rate_limit", message: "Too many requests." },
        }),
      );
    }
    if (fault?.kind === "malformed") return send(200, "<html>not json</html>");
    if (fault?.kind === "cardDeclined") state.declineNext += 1;

    const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : undefined;
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    if (replay) {
      if (replay.body !== text) {
        return send(
          400,
          JSON.stringify({
            error: {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            },
          }),
        );
      }
      return send(replay.status, replay.answer);
    }
    let status = 200;
    let answer: string;
    try {
      answer = JSON.stringify(route(method, url.pathname, body, query));
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      answer = JSON.stringify({ error: error.error });
    }
    if (replayKey && status !== 500) idempotent.set(replayKey, { body: text, status, answer });
    send(status, answer);
  }

  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      handle(request, response, Buffer.concat(chunks).toString("utf8")).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const server = { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };

  async function deliverOnce(
    event: Json,
    signature: "valid" | "tampered" | "expired",
  ): Promise<WebhookDelivery> {
    if (!webhookUrl) throw new Error("setWebhookUrl first");
    const payload = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000) - (signature === "expired" ? 600 : 0);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });
    const sent = signature === "tampered" ? payload.replace('"livemode":false', '"livemode":true') : payload;
    const answer = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header },
      body: sent,
    });
    return { status: answer.status, body: await answer.text() };
  }

  return {
    url: server.url,
    secretKey,
    publishableKey: "pk_test_fake_0123456789",
    webhookSecret,
    requests,
    events: state.events,
    paymentIntent: (id) => state.paymentIntents.get(id),
    subscription: (id) => state.subscriptions.get(id),
    subscriptionsOf: (customerId) =>
      [...state.subscriptions.values()].filter((subscription) => subscription.customer === customerId),
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async deliver(eventId, options = {}) {
      const event = state.events.find((candidate) => candidate.id === eventId);
      if (!event) throw invalid(`No such event: ${eventId}`);
      delivered.add(eventId);
      const times = options.times ?? 1;
      const signature = options.signature ?? "valid";
      if (options.concurrently) {
        return Promise.all(Array.from({ length: times }, () => deliverOnce(event, signature)));
      }
      const results: WebhookDelivery[] = [];
      for (let i = 0; i < times; i++) results.push(await deliverOnce(event, signature));
      return results;
    },
    async deliverAll() {
      const results: WebhookDelivery[] = [];
      for (const event of state.events) {
        if (delivered.has(String(event.id))) continue;
        delivered.add(String(event.id));
        results.push(await deliverOnce(event, "valid"));
      }
      return results;
    },
    confirmPaymentIntent: (id, card) => state.confirm(id, card),
    addPaymentMethod: (customerId, behaviour) => state.addPaymentMethod(customerId, behaviour),
    advanceToRenewal: (id, outcome) => state.renew(id, outcome),
    failRenewalFinally: (id) => state.giveUpRenewal(id),
    endPeriod: (id) => state.endPeriod(id),
    fail(pathPart, fault, times = Number.POSITIVE_INFINITY) {
      faults.push({ pathPart, fault, remaining: times });
    },
    heal() {
      faults.length = 0;
    },
    close() {
      http.closeAllConnections();
      return new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
