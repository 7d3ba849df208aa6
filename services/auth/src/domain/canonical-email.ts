// The spelling rule is shared with billing, which finds an account by e-mail; it lives in contracts.
// This module stays because a frozen migration imports it.
export { canonicalEmail } from "@tubedigest/contracts";
