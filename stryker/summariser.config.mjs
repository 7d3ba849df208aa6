import { mutationConfig } from "./shared.mjs";

// The summariser's business logic, wherever its folders put it: every file under `src` but the
// adapters and wiring listed below (writers and glance writers turn text into summaries, transcripts
// fetch it, clients call other services, store holds the SQL, routes/events/jobs only hand requests and
// events to the domain). A new folder of domain code is mutated without touching this list.
export default mutationConfig({
  name: "summariser",
  vitestConfig: "stryker/summariser.vitest.config.ts",
  mutate: [
    "services/summariser/src/**/*.ts",
    "!services/summariser/src/{clients,transcripts,writers,glance,store,routes,events,jobs,metrics,cli,demo}/**",
    "!services/summariser/src/{app,main,config,index}.ts",
  ],
  testFiles: ["services/summariser/{src,test}/**/!(*.property).test.ts"],
});
