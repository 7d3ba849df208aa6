export {
  clientAddress,
  optionalClaimHolder,
  optionalUserId,
  requireCaller,
  requireUserId,
  SIGN_IN_TO_CONTINUE,
  signedInOnly,
} from "./caller.ts";
export {
  CALLER_HEADER,
  CALLER_PROOF_HEADER,
  CLAIM_HOLDER_HEADER,
  CLAIM_HOLDER_PROOF_HEADER,
  CLIENT_ADDRESS_HEADER,
  CLIENT_ADDRESS_PROOF_HEADER,
  callerHeaders,
  claimHolderHeaders,
  clientAddressHeaders,
  STANDING_HEADERS,
} from "./caller-proof.ts";
export type { ClientTimeouts } from "./client-connections.ts";
export { clientNetwork } from "./client-network.ts";
export { createServiceApp, type ServiceApp, type ServiceAppOptions } from "./create-service-app.ts";
export { createDevClock, type DevClock } from "./dev-clock.ts";
export type { ReadinessCheck, ReadinessChecks } from "./health-routes.ts";
export { HttpError } from "./http-error.ts";
export { addCounter, addGauge, addHistogram, listenForMetrics } from "./metrics.ts";
export {
  type ApiDescriptionExposure,
  describeApi,
  INTERNAL_API_DESCRIPTION_PATH,
  type OpenApiDocument,
  OpenApiDocumentReply,
  type OpenApiPaths,
  sortedPaths,
} from "./openapi.ts";
export { MALFORMED_QUERY } from "./query-string.ts";
export { redactUrl } from "./redact-url.ts";
export { type Outages, reportOutages } from "./report-outages.ts";
export { runUntilSignalled } from "./run-until-signalled.ts";
export {
  EmailAddress,
  ErrorReply,
  INVALID_EMAIL,
  multiLineText,
  singleLineText,
  type TextOptions,
} from "./schemas.ts";
export { createServiceLogger, type ServiceLoggerOptions } from "./service-logger.ts";
export {
  type ListenAddress,
  runServiceProcess,
  type ServiceProcess,
  type ServiceProcessContext,
  type ServiceProcessOptions,
  type StartedService,
  serviceWithStore,
} from "./service-process.ts";
export {
  CLAIM_COOKIE,
  EARLIER_CLAIM_COOKIE_PATH,
  END_ALL_SESSIONS_HEADER,
  END_OTHER_SESSIONS_HEADER,
  SESSION_USER_HEADER,
} from "./session-directive.ts";
export {
  describeAddress,
  describeStartupFailure,
  type StartupParts,
  startOrExit,
} from "./startup-failure.ts";
