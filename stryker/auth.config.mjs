import { mutationConfig } from "./shared.mjs";

// Auth's behaviour is tested through the gateway (its only caller); these are the suites about it.
export default mutationConfig({
  name: "auth",
  mutate: ["services/auth/src/domain/**/*.ts"],
  testFiles: [
    "services/auth/{src,test}/**/!(*.property).test.ts",
    "services/gateway/test/{auth-flow,account-security,text-input,user-events}.test.ts",
  ],
});
