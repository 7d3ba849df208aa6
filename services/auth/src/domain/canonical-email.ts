// Only the frozen migration 20261122T0640 imports the spelling rule from here, and a frozen file never
// changes; everything else takes `canonicalEmail` from @tubedigest/contracts, where the rule lives.
export { canonicalEmail } from "@tubedigest/contracts";
