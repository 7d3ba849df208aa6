import helmet from "@fastify/helmet";
import type { ServiceApp } from "@tubedigest/http";

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
 * Security headers on every answer, pages and API alike: a content security policy the SPA and Stripe's
 * Payment Element work under, no framing by other sites, no content sniffing, no referrer leaks.
 */
export async function registerSecurityHeaders(app: ServiceApp, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
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
}
