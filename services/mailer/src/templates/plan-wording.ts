/** Where a reader manages their plan (its card, cancelling, 'Resume'), named as the settings page names it. */
export const SUBSCRIPTION_SETTINGS = "Settings › Subscription";

/** What a test-mode plan's mail says where an amount would be: no money moves in test mode. */
export const TEST_MODE_NO_CHARGE = "No charge: test mode";

/** What stays when the digests stop (a trial ending unpaid, a plan ending). */
export const NOTHING_DELETED = "Your channels and past digests stay in your account: nothing is deleted.";
