import type { TemplateName } from "../template-names.ts";
import type { TemplateSource } from "../template-source.ts";
import { abandonment } from "./abandonment.ts";
import { accountDeleted } from "./account-deleted.ts";
import { cancellation } from "./cancellation.ts";
import { digest } from "./digest.ts";
import { emailChangeAddressTaken } from "./email-change-address-taken.ts";
import { emailChangeConfirmation } from "./email-change-confirmation.ts";
import { emailChangeNotice } from "./email-change-notice.ts";
import { passwordChanged } from "./password-changed.ts";
import { passwordReset } from "./password-reset.ts";
import { paymentFailed } from "./payment-failed.ts";
import { planChangeScheduled } from "./plan-change-scheduled.ts";
import { planChanged } from "./plan-changed.ts";
import { planResumed } from "./plan-resumed.ts";
import { receipt } from "./receipt.ts";
import { signInLink } from "./sign-in-link.ts";
import { singleVideoFailed } from "./single-video-failed.ts";
import { singleVideoSummary } from "./single-video-summary.ts";
import { trialEnding } from "./trial-ending.ts";
import { trialPlanChosen } from "./trial-plan-chosen.ts";
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
  "trial-plan-chosen": trialPlanChosen,
  "plan-changed": planChanged,
  "plan-change-scheduled": planChangeScheduled,
  "payment-failed": paymentFailed,
  cancellation,
  "plan-resumed": planResumed,
  "sign-in-link": signInLink,
  "password-reset": passwordReset,
  "password-changed": passwordChanged,
  "email-change-confirmation": emailChangeConfirmation,
  "email-change-notice": emailChangeNotice,
  "email-change-address-taken": emailChangeAddressTaken,
  "account-deleted": accountDeleted,
};
