import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServiceApp } from "@tubedigest/http";
import helmet, { type HelmetOptions } from "helmet";

// What Stripe's security guide (docs.stripe.com/security/guide) asks of a page with the Payment
// Element: its script from js.stripe.com and the js.stripe.com subdomains its frames load from, frames
// from those and hooks.stripe.com (3-D Secure and redirecting methods), calls to api.stripe.com, and card
// brand images from *.stripe.com. The guide's maps.googleapis.com is only for the Address Element's
// autocomplete, which the checkout does not use.
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
  img: ["https://*.stripe.com"],
};
// Channel logos and video thumbnails come from YouTube's image hosts; the demo catalog's are data: URLs.
const YOUTUBE_IMAGES = ["https://*.ggpht.com", "https://*.ytimg.com", "https://*.googleusercontent.com"];

/**
 * The headers helmet sets under `options`, worked out once: none of them depends on the request, and
 * helmet's middleware would otherwise parse the whole policy again for every answer.
 */
function helmetHeaders(options: Readonly<HelmetOptions>): [name: string, value: string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    // Helmet removes X-Powered-By, which Fastify never sends.
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer, pages and API alike: a content security policy the SPA and Stripe's
 * Payment Element work under, no framing by other sites, no content sniffing, no referrer leaks.
 */
export function registerSecurityHeaders(app: ServiceApp, options: { https: boolean }): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...STRIPE.script],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:", ...YOUTUBE_IMAGES, ...STRIPE.img],
        connectSrc: ["'self'", ...STRIPE.connect],
        frameSrc: STRIPE.frame,
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Over plain http (make start on a laptop) upgrading would break every request the page makes.
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Stripe opens pop-ups for some payment methods and is not built for cross-origin isolation.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  // On the raw response as helmet sets them, as the request arrives: an error's answer has them too,
  // and an answer may still replace one (the API docs' page widens its style sources).
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
