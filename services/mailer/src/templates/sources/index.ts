import type { TemplateName } from "../template-names.ts";
import type { TemplateSource } from "../template-source.ts";
import { abandonment } from "./abandonment.ts";
import { cancellation } from "./cancellation.ts";
import { digest } from "./digest.ts";
import { receipt } from "./receipt.ts";
import { signInLink } from "./sign-in-link.ts";
import { singleVideoFailed } from "./single-video-failed.ts";
import { singleVideoSummary } from "./single-video-summary.ts";
import { trialEnding } from "./trial-ending.ts";
import { welcome } from "./welcome.ts";

/** Every e-mail's source, by name: the type makes sure none of TEMPLATE_NAMES is missing. */
export const TEMPLATE_SOURCES: { [Name in TemplateName]: TemplateSource<Name> } = {
  digest,
  "single-video-summary": singleVideoSummary,
  "single-video-failed": singleVideoFailed,
  abandonment,
  welcome,
  "trial-ending": trialEnding,
  receipt,
  cancellation,
  "sign-in-link": signInLink,
};
