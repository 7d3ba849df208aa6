import { mutationConfig } from "./shared.mjs";

// Billing's money logic: the plan table and every operation on subscriptions, trials and holds.
export default mutationConfig({
  name: "billing",
  mutate: ["services/billing/src/{domain,plans}/**/*.ts"],
  testFiles: ["services/billing/{src,test}/**/!(*.property).test.ts"],
});
