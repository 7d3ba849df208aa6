import { mutationConfig } from "./shared.mjs";

// The mailer's decisions: whom to write and when (`domain`: the abandonment e-mail's rules, unsubscribe
// tokens, complaints, the feed), what a refused send means for the address (`smtp-failure`: a
// suppression or a retry) and how long to wait (`domain/retry-delay`), and what a digest says (the template
// helpers that turn a newsletter's summaries into its text and HTML). Left out: the dispatcher's loop
// (`domain/dispatcher.ts`) and the transports (leasing, timers, sockets: their mutants hang rather than fail), the routes and
// stores, and the MJML sources, which are markup rather than logic.
export default mutationConfig({
  name: "mailer",
  mutate: [
    "services/mailer/src/domain/**/*.ts",
    "!services/mailer/src/domain/dispatcher.ts",
    "services/mailer/src/adapters/mail-transport/smtp-failure.ts",
    "services/mailer/src/templates/*.ts",
  ],
  testFiles: ["services/mailer/{src,test}/**/!(*.property).test.ts"],
});
