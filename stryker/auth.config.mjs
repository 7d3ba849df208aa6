import { mutationConfig } from "./shared.mjs";

// Auth's behaviour is tested through the gateway (its only caller): its own tests and the two gateway
// suites about accounts. The gateway's text-input and user-events suites add minutes of argon2 and
// kill nothing the others miss.
export default mutationConfig({
  name: "auth",
  mutate: ["services/auth/src/domain/**/*.ts"],
  // Every sign-up and sign-in hashes with argon2 (19 MiB, 2 passes), so the gateway suites are slow on
  // cores shared by several runners; a minute lets auth's mutants' runs end.
  timeoutMS: 60_000,
  testFiles: [
    "services/auth/{src,test}/**/!(*.property).test.ts",
    "services/gateway/test/{auth-flow,account-security}.test.ts",
  ],
});
