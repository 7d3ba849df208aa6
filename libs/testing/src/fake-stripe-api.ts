import { createServer, type IncomingMessage } from "node:http";
import Stripe from "stripe";
import {
  createFakeStripeAccount,
  type EndpointRequest,
  type FakeDecline,
  type FakeStripeRoute,
} from "./fake-stripe-account.ts";
import { decodeForm, type FormObject, unknownParameter } from "./fake-stripe-form.ts";
import {
  API_ERROR_BODY,
  FAKE_STRIPE_API_VERSION,
  type FakeCardBehaviour,
  invalidRequest,
  newId,
  RATE_LIMITED_BODY,
  StripeFailure,
} from "./fake-stripe-resources.ts";
import { listenLocally } from "./local-http-server.ts";

export type { FakeStripeRoute } from "./fake-stripe-account.ts";
export { FAKE_STRIPE_API_VERSION, type FakeCardBehaviour } from "./fake-stripe-resources.ts";

/** What the fake can do instead of answering well. */
export type FakeStripeFault =
  /** 500 `api_error` by default; the SDK retries 5xx answers before giving up. */
  | { kind: "serverError"; status?: number }
  /** 429 `rate_limit`, which the SDK does not retry. */
  | { kind: "rateLimited" }
  /** Answers correctly, but only after `delayMs` (a client that timed out meanwhile retries). */
  | { kind: "slow"; delayMs: number }
  /** Answers correctly once `released` settles: held as long as a test needs, and not a moment longer. */
  | { kind: "held"; released: Promise<void> }
  /** 200 with a body that is not JSON. */
  | { kind: "malformed"; body?: string }
  /** The next charge the request makes is declined: 402 `card_declined`, as a card that stopped working. */
  | { kind: "cardDeclined"; declineCode?: "generic_decline" | "insufficient_funds" };

export interface FakeStripeRequest {
  method: string;
  /** Without the query string: `/v1/subscriptions/sub_…`. */
  path: string;
  /** The route it matched, or undefined for one the adapter does not call. */
  route: FakeStripeRoute | undefined;
  /** Decoded form body and query string together, as the API reads them. */
  body: FormObject;
  idempotencyKey: string | undefined;
  /** The status answered; 0 while the request is still being answered. */
  status: number;
}

export interface FakeWebhookDelivery {
  eventId: string;
  type: string;
  /** The receiver's status, or 0 when it could not be reached. */
  status: number;
  body: string;
  error?: string;
}

export interface FakeDeliverOptions {
  /** How many times to send it (default 1). */
  times?: number;
  /** Sends all `times` at once instead of one after another, as Stripe may. */
  concurrently?: boolean;
  /** `tampered`: the body changed after signing; `expired`: signed ten minutes ago, past the 300 s tolerance. */
  signature?: "valid" | "tampered" | "expired";
}

export interface FakeStripeApi {
  /** `http://127.0.0.1:<port>`, for the adapter's `apiUrl`. */
  readonly url: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** Billing's `stripe` settings for this fake: its keys, and its address for Stripe's API. */
  readonly billingSettings: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    apiUrl: string;
  };
  /** Every request, oldest first, failed and refused ones included. */
  readonly requests: readonly FakeStripeRequest[];
  /** Every event sent or to be sent to the webhook endpoint, oldest first. */
  readonly events: readonly Stripe.Event[];

  customer(id: string): Stripe.Customer | undefined;
  /** Whether the customer was deleted (`DELETE /v1/customers/:id`): its cards gone, its subscriptions canceled. */
  customerDeleted(id: string): boolean;
  subscription(id: string): Stripe.Subscription | undefined;
  paymentIntent(id: string): Stripe.PaymentIntent | undefined;
  setupIntent(id: string): Stripe.SetupIntent | undefined;
  /** Every invoice of a customer, newest first. */
  invoicesOf(customerId: string): Stripe.Invoice[];

  /**
   * What Stripe.js does once the customer has entered `card` for this payment intent: the payment, the
   * invoice it pays and the subscription that invoice belongs to change, and their events are emitted.
   */
  confirmPaymentIntent(id: string, card: FakeCardBehaviour): Stripe.PaymentIntent;
  /**
   * What Stripe.js does once the customer has entered `card` for this setup intent (a trial's, nothing
   * charged): the card is saved, as its subscription's default when it is one's pending setup intent.
   */
  confirmSetupIntent(id: string, card: FakeCardBehaviour): Stripe.SetupIntent;

  // What time does at Stripe, when the test says it is time.
  /** Three days before a trial's end: `customer.subscription.trial_will_end`. */
  trialWillEnd(subscriptionId: string): void;
  /**
   * The current period (a trial, or a paid month) ends: cancelled, or a trial without a card, ends;
   * otherwise the next period is invoiced and charged on the saved card, which `card` may make decline.
   */
  endPeriod(subscriptionId: string, card?: FakeCardBehaviour): Stripe.Subscription;
  /** Stripe gives up retrying a past-due invoice and cancels the subscription for non-payment. */
  stopRetrying(subscriptionId: string): void;

  setWebhookUrl(url: string | undefined): void;
  /** Sends one event (again); the receiver's answers, in the order they came. */
  deliver(eventId: string, options?: FakeDeliverOptions): Promise<FakeWebhookDelivery[]>;
  /** Sends, one after another, every event not yet answered with a 2xx. */
  deliverAll(): Promise<FakeWebhookDelivery[]>;

  /** The next `times` requests on `route` (any route with `"any"`; forever when omitted) meet `fault`. */
  fail(route: FakeStripeRoute | "any", fault: FakeStripeFault, times?: number): void;
  /** Removes every pending fault. */
  heal(): void;
  close(): Promise<void>;
}

interface PendingFault {
  route: FakeStripeRoute | "any";
  fault: FakeStripeFault;
  remaining: number;
}

interface SavedAnswer {
  method: string;
  path: string;
  rawBody: string;
  status: number;
  text: string;
}

const SECRET_KEY = "sk_test_fake";
const PUBLISHABLE_KEY = "pk_test_fake";
const WEBHOOK_SECRET = "whsec_fake_0123456789abcdef";
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The contract test double of billing's Stripe adapter (`services/billing/src/adapters/stripe/`): a local
 * Stripe API (node:http on 127.0.0.1, a free port) that answers exactly the calls the adapter makes, with
 * exactly the parameters it sends, as Stripe answers them, and refuses any other. The adapter's tests run
 * the official `stripe` SDK against it, so they take the code path production takes. The test plays the
 * browser (a card entered for a payment) and decides when the signed webhooks go out; it can make
 * requests fail: 5xx, 429, slow or malformed answers, declined cards. Idempotency keys are kept as Stripe
 * keeps them.
 */
export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const account = createFakeStripeAccount();
  const { events } = account;
  let webhookUrl: string | undefined;
  const requests: FakeStripeRequest[] = [];
  const delivered = new Set<string>();
  const idempotent = new Map<string, SavedAnswer>();
  let faults: PendingFault[] = [];

  const routes = (Object.keys(account.endpoints) as FakeStripeRoute[]).map((name) => {
    const [method, path] = name.split(" ") as [string, string];
    return { name, method, pattern: new RegExp(`^${path.replace(":id", "([A-Za-z0-9_]+)")}$`) };
  });

  function takeFault(route: FakeStripeRoute, wanted: (fault: FakeStripeFault) => boolean) {
    const pending = faults.find((f) => wanted(f.fault) && (f.route === "any" || f.route === route));
    if (!pending) return undefined;
    pending.remaining -= 1;
    if (pending.remaining <= 0) faults = faults.filter((f) => f !== pending);
    return pending.fault;
  }

  /** Runs the route's endpoint: Stripe's status and JSON, a refusal included. */
  function answer(route: FakeStripeRoute, request: EndpointRequest): [number, unknown] {
    const endpoint = account.endpoints[route];
    try {
      const unknown = Object.keys(request.params).find((key) => !endpoint.accepts.includes(key));
      if (unknown !== undefined) throw unknownParameter(unknown);
      return [200, endpoint.answer(request)];
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      return [error.status, error.body];
    }
  }

  async function handle(
    request: IncomingMessage,
    reply: (status: number, text: string, replayed?: boolean) => void,
  ) {
    const url = new URL(request.url ?? "/", "http://fake");
    const rawBody = await readBody(request);
    const method = request.method ?? "GET";
    const params = { ...decodeForm(url.search.slice(1)), ...decodeForm(method === "GET" ? "" : rawBody) };
    const header = request.headers["idempotency-key"];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    const matched = routes
      .filter((candidate) => candidate.method === method)
      .map((candidate) => ({ route: candidate.name, match: candidate.pattern.exec(url.pathname) }))
      .find(({ match }) => match !== null);
    const record: FakeStripeRequest = {
      method,
      path: url.pathname,
      route: matched?.route,
      body: params,
      idempotencyKey,
      status: 0,
    };
    requests.push(record);
    const send = (status: number, text: string, replayed = false) => {
      record.status = status;
      reply(status, text, replayed);
    };
    const json = (status: number, body: unknown) => send(status, JSON.stringify(body, null, 2));

    const authorization = request.headers.authorization ?? "";
    if (authorization !== `Bearer ${SECRET_KEY}`) {
      const given = authorization.replace(/^Bearer\s+/i, "");
      const message = given
        ? `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return json(401, { error: { type: "invalid_request_error", message } });
    }
    if (!matched) {
      return json(
        404,
        invalidRequest(
          `Unrecognized request URL (${method}: ${url.pathname}). The fake Stripe answers only the calls billing's Stripe adapter makes.`,
        ),
      );
    }
    const { route, match } = matched;
    const fault = takeFault(route, (f) => f.kind !== "cardDeclined");
    if (fault?.kind === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.kind === "held") await fault.released;
    if (fault?.kind === "rateLimited") return json(429, RATE_LIMITED_BODY);
    if (fault?.kind === "serverError") return json(fault.status ?? 500, API_ERROR_BODY);
    if (fault?.kind === "malformed")
      return send(200, fault.body ?? "<html><body>502 Bad Gateway</body></html>");

    const keyed = idempotencyKey !== undefined && method !== "GET";
    const saved = keyed ? idempotent.get(idempotencyKey) : undefined;
    if (saved) {
      if (saved.method === method && saved.path === url.pathname && saved.rawBody === rawBody) {
        return send(saved.status, saved.text, true);
      }
      return json(400, {
        error: {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    }

    const declineFault = (): FakeDecline | undefined => {
      const declined = takeFault(route, (f) => f.kind === "cardDeclined");
      if (declined?.kind !== "cardDeclined") return undefined;
      return declined.declineCode === "insufficient_funds" ? "insufficient_funds" : "declines";
    };
    const [status, body] = answer(route, { params, id: match?.[1] ?? "", declineFault });
    const text = JSON.stringify(body, null, 2);
    // As the API does, an answer is kept for its key once the request ran: successes and card declines,
    // not parameters refused before anything happened.
    if (keyed && (status < 300 || status === 402)) {
      idempotent.set(idempotencyKey, { method, path: url.pathname, rawBody, status, text });
    }
    send(status, text);
  }

  const server = createServer((request, response) => {
    const reply = (status: number, text: string, replayed = false) => {
      // A client that gave up on a slow answer has closed the socket; there is nobody left to answer.
      if (response.destroyed) return;
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": newId("req", 14),
        "stripe-version": FAKE_STRIPE_API_VERSION,
        ...(replayed ? { "idempotent-replayed": "true" } : {}),
      });
      response.end(text);
    };
    handle(request, reply).catch((error: unknown) => {
      if (response.headersSent || response.destroyed) return;
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  const listening = await listenLocally(server, "The fake Stripe API");

  async function deliverOnce(
    event: Stripe.Event,
    signature: NonNullable<FakeDeliverOptions["signature"]>,
  ): Promise<FakeWebhookDelivery> {
    const target = webhookUrl;
    if (!target) throw new Error("No webhook URL: call setWebhookUrl first");
    const payload = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(Date.now() / 1000) - (signature === "expired" ? 600 : 0);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
    // Same JSON, one byte more: what a body altered on the way looks like to the receiver.
    const sent = signature === "tampered" ? `${payload} ` : payload;
    const delivery: FakeWebhookDelivery = { eventId: event.id, type: event.type, status: 0, body: "" };
    try {
      const answer = await fetch(target, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": header,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: sent,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      delivery.status = answer.status;
      delivery.body = await answer.text();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    if (signature === "valid" && delivery.status >= 200 && delivery.status < 300) delivered.add(event.id);
    return delivery;
  }

  return {
    url: `${listening.origin}`,
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    billingSettings: {
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: `${listening.origin}`,
    },
    requests,
    events,
    customer: account.customer,
    customerDeleted: account.customerDeleted,
    subscription: account.subscription,
    paymentIntent: account.paymentIntent,
    setupIntent: account.setupIntent,
    invoicesOf: account.invoicesOf,
    confirmPaymentIntent: account.confirmPaymentIntent,
    confirmSetupIntent: account.confirmSetupIntent,
    trialWillEnd: account.trialWillEnd,
    endPeriod: account.endPeriod,
    stopRetrying: account.stopRetrying,

    setWebhookUrl(url) {
      webhookUrl = url;
    },

    async deliver(eventId, { times = 1, concurrently = false, signature = "valid" } = {}) {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No event ${eventId}`);
      if (concurrently) {
        return Promise.all(Array.from({ length: times }, () => deliverOnce(event, signature)));
      }
      const results: FakeWebhookDelivery[] = [];
      for (let i = 0; i < times; i++) results.push(await deliverOnce(event, signature));
      return results;
    },

    async deliverAll() {
      const results: FakeWebhookDelivery[] = [];
      for (const event of [...events]) {
        if (!delivered.has(event.id)) results.push(await deliverOnce(event, "valid"));
      }
      return results;
    },

    fail(route, fault, times = Number.POSITIVE_INFINITY) {
      faults.push({ route, fault, remaining: times });
    },
    heal() {
      faults = [];
    },
    close: listening.close,
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}
