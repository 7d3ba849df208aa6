/** What billing tells people; routes and operations that must answer alike share these. */
export const messages = {
  unknownPlan: "Please choose one of our plans: solo, creator, premium or pro.",
  amountMismatch: "The amount does not match the plan's price. Please reload the page and try again.",
  useCheckout: "Please use the checkout page to complete your subscription",
  /** One answer for an address nobody has, someone else's, and a visitor's own without their claim. */
  checkoutNotYours:
    "We could not find your account for this checkout. Please start from the homepage and enter your e-mail, or sign in.",
  accountBeingSetUp: "Your account is still being set up. Please try again in a moment.",
  checkoutRaced:
    "Your subscription changed while this checkout was being prepared. Please reload the page and try again.",
  missingEmail: "Missing email information. Please go back to the homepage and enter your email.",
  paymentUnknown: "Payment status unknown. Please contact support if you were charged.",
  cardNotConfirmed:
    "We could not confirm your card yet, and nothing has been charged. Please try again in a moment.",
  paymentNotForAccount: "This payment was not made for this account. Please start the checkout again.",
  cardPaymentsOff:
    "Card payment is not set up on this server yet. Please try again later or contact support.",
  testModeOff: "Test mode is off on this server: please pay by card at checkout.",
  cardTrialIsStripes: "A trial with a card ends at Stripe: use a Stripe test clock to end it early.",
  changePlanInSettings: "You already have a plan. Change it in Settings › Subscription.",
  alreadyOnPlan: "You are already subscribed to this plan.",
  noPlanToChange: "You have no plan to change yet. Please choose one at checkout.",
  resumeFirst: "Your subscription is cancelled. Resume it first, then change the plan.",
  updateCardFirst:
    "Your last payment did not go through. Please update your card in Manage Billing first, then change the plan.",
  keepPlanFirst: (paid: string, scheduled: string) =>
    `Your plan moves to ${scheduled} at the end of this period. Keep ${paid} first, then move up.`,
  tooManyChannels: (followed: number, plan: { name: string; channelAllowance: number }) => {
    const extra = followed - plan.channelAllowance;
    return `You follow ${followed} channels and ${plan.name} allows ${plan.channelAllowance}. Please remove ${extra} channel${extra === 1 ? "" : "s"} first.`;
  },
  quoteExpired: "The price shown is out of date. Please look at the change again.",
  planChangedMeanwhile: "Your subscription changed meanwhile. Please reload the page and try again.",
  nothingToCancel: "You have no active subscription to cancel.",
  nothingToResume: "You have no subscription to resume.",
  noBillingAccount: "You have not paid by card yet, so there is no billing account to manage.",
  paymentProviderDown: "Our payment provider is not answering right now. Please try again in a minute.",
  videoTooLong: "Videos over 4 hours cannot be summarised.",
  noSavedCard:
    "A single-video summary is charged to the card of your subscription. Please subscribe with a card first.",
  singleSummaryPriceChanged:
    "The price of this summary has changed since it was shown. Please check the video's price again.",
  holdNotFound: "No such charge.",
  badSignature: "The webhook signature does not match its body.",
} as const;
