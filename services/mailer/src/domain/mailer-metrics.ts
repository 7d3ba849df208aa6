import type { TemplateName } from "../templates/template-names.ts";

/** What the mailer counts for operators (Prometheus on /metrics). */
export interface MailerMetrics {
  /**
   * MJML documents compiled: one per template at start. Rendering a message fills compiled HTML and
   * compiles nothing, so a count that grows after start would mean it does.
   */
  templatesCompiled(count: number): void;
  /** One message rendered from its template, and how long that took. */
  rendered(template: TemplateName, seconds: number): void;
  /** One message accepted by the relay. */
  sent(): void;
  /** One message refused for good (5xx): a hard bounce, its address suppressed. */
  hardBounced(): void;
  /** One spam complaint received (a feedback report or a provider's webhook), its address suppressed. */
  complained(): void;
}
