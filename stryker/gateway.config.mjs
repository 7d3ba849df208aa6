import { mutationConfig } from "./shared.mjs";

// The gateway's routes: canonical paths, forwarding, limits, current-user and sign-out. Their tests run
// against recording stand-ins or small stacks; the account suites, which test auth through the
// gateway, are auth's (auth.config.mjs).
export default mutationConfig({
  name: "gateway",
  mutate: ["services/gateway/src/routes/**/*.ts"],
  testFiles: [
    "services/gateway/src/**/*.test.ts",
    "services/gateway/test/{edge-paths,session-control,client-address,query-strings,service-identity,current-user}.test.ts",
  ],
});
