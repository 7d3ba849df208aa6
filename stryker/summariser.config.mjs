import { mutationConfig } from "./shared.mjs";

// The summariser's business logic, wherever its folders put it: every file under `src` but the
// adapters and wiring listed below (`adapters`: the summary writers, transcripts and the clients of
// other services; glance writers turn text into a week's glance, store holds the SQL, routes, events and
// the digest's queue only hand requests, events and jobs to the rules). A new folder of domain code is mutated without touching this list.
export default mutationConfig({
  name: "summariser",
  vitestConfig: "stryker/summariser.vitest.config.ts",
  mutate: [
    "services/summariser/src/**/*.ts",
    "!services/summariser/src/{adapters,glance,store,routes,events,metrics,cli,demo}/**",
    "!services/summariser/src/digest/digest-queue.ts",
    "!services/summariser/src/{app,main,config,index}.ts",
  ],
  testFiles: ["services/summariser/{src,test}/**/!(*.property).test.ts"],
});
