import { mutationConfig } from "./shared.mjs";

// The gateway's routes: canonical paths, forwarding, limits, current-user, sign-out and the web app. Their
// tests run against recording stand-ins or small stacks (one with Redis unreachable); the account
// suites, which test auth through the gateway, are auth's (auth.config.mjs).
export default mutationConfig({
  name: "gateway",
  mutate: ["services/gateway/src/routes/**/*.ts"],
  testFiles: [
    "services/gateway/src/**/*.test.ts",
    "services/gateway/test/{edge-paths,session-control,client-address,query-strings,service-identity,current-user,web-app,redis-outage}.test.ts",
  ],
});
