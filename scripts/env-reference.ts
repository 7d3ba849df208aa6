// docs/environment.md, made from the processes' own configuration schemas, so the page says what each
// process reads and nothing it does not. scripts/write-env-reference.ts writes it; a deployment test
// compares it with the page in the repository.
import type { TObject } from "typebox";
import { AuthEnvironment } from "../services/auth/src/config.ts";
import { BillingEnvironment } from "../services/billing/src/config.ts";
import { CatalogEnvironment } from "../services/catalog/src/config.ts";
import { GatewayEnvironment } from "../services/gateway/src/config.ts";
import { MailerEnvironment } from "../services/mailer/src/config.ts";
import { SchedulerEnvironment } from "../services/scheduler/src/config.ts";
import { StandaloneEnvironment } from "../services/standalone/src/config.ts";
import { StackEnvironment } from "../services/standalone/src/product-processes.ts";
import { SummariserEnvironment } from "../services/summariser/src/config.ts";

interface Process {
  title: string;
  /** What the reader should know before the table: where the process runs, what it does with the rest. */
  intro: string;
  environment: TObject;
}

const PROCESSES: Process[] = [
  {
    title: "`make start`: the whole product in one process",
    intro: `\`services/standalone\` (\`StandaloneEnvironment\`). Every outside part is optional: without its URL or
key the embedded stand-in is used.`,
    environment: StandaloneEnvironment,
  },
  {
    title: "`make stack`: each service as its own process",
    intro: `\`scripts/stack.mjs\` (\`StackEnvironment\`) reads these itself and hands each service its port, the
addresses of the services it calls, the URLs and the secrets; only the gateway's port faces the network.
Every other variable goes on to every service as it is and means what that service's table below says
(\`DATABASE_SCHEMA\` is not passed: every service keeps its own schema).`,
    environment: StackEnvironment,
  },
  {
    title: "gateway",
    intro: "`services/gateway` (`GatewayEnvironment`): the only public entry, in compose and Kubernetes.",
    environment: GatewayEnvironment,
  },
  {
    title: "auth",
    intro: "`services/auth` (`AuthEnvironment`).",
    environment: AuthEnvironment,
  },
  {
    title: "catalog",
    intro: "`services/catalog` (`CatalogEnvironment`).",
    environment: CatalogEnvironment,
  },
  {
    title: "billing",
    intro: "`services/billing` (`BillingEnvironment`).",
    environment: BillingEnvironment,
  },
  {
    title: "summariser",
    intro: "`services/summariser` (`SummariserEnvironment`).",
    environment: SummariserEnvironment,
  },
  {
    title: "mailer",
    intro: "`services/mailer` (`MailerEnvironment`).",
    environment: MailerEnvironment,
  },
  {
    title: "scheduler",
    intro:
      "`services/scheduler` (`SchedulerEnvironment`): it serves only `/healthz`, `/readyz` and `/metrics`.",
    environment: SchedulerEnvironment,
  },
];

const INTRO = `# Environment variables

Every variable each process reads, with its default and what it does. Generated from the processes'
configuration schemas (each service's \`src/config.ts\`) by \`make env-reference\`
(\`node --import tsx scripts/write-env-reference.ts\`): do not edit it by hand; a deployment test fails
when it no longer matches the schemas.

Each process reads its variables once at start-up and checks them against its schema: a wrong or missing
value stops it with one line per variable saying what it may be (\`LOG_LEVEL must be one of: fatal, error,
warn, info, debug, trace, silent (got "verbose")\`). An empty variable counts as unset; numbers are whole
digits (\`1.5\` is refused). Secrets and passwords are never printed. With \`APP_ENV=production\` a
placeholder or development secret, test mode and Stripe's test keys are refused too, and \`SUPPORT_EMAIL\`
and \`OPERATOR_NAME\` must be set. "required" below means the process does not start without it; "—"
means unset by default.

Where to set them: your shell for \`make start\` and \`make stack\`, \`.env\` or the environment for
compose, the ConfigMaps and the Secret for Kubernetes ([deploying.md](deploying.md)).
`;

type Property = {
  default?: unknown;
  description?: string;
  type?: string;
  anyOf?: { const?: unknown }[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
};

/** What the schema accepts beyond its type, as a sentence: the allowed values, a number's range, a length. */
function accepted(property: Property): string | undefined {
  const values = property.anyOf?.map((member) => member.const);
  if (values?.every((value) => value !== undefined)) {
    return `One of ${values.map((value) => `\`${value}\``).join(", ")}.`;
  }
  if (property.type === "boolean") return "`true` or `false`.";
  const { minimum, maximum, minLength } = property;
  if (property.type === "integer" || property.type === "number") {
    // Any port is a port: only a range narrower or wider than that says something.
    if (minimum === 1 && maximum === 65535) return undefined;
    if (minimum !== undefined && maximum !== undefined) return `From ${minimum} to ${maximum}.`;
    if (minimum !== undefined) return `At least ${minimum}.`;
  }
  if (property.type === "string" && minLength !== undefined && minLength > 3) {
    return `${minLength} characters or more.`;
  }
  return undefined;
}

function defaultOf(name: string, property: Property, required: ReadonlySet<string>): string {
  if (property.default !== undefined) return `\`${property.default}\``;
  return required.has(name) ? "required" : "—";
}

function rowsOf(app: Process): string[][] {
  const required = new Set(app.environment.required ?? []);
  return Object.entries(app.environment.properties).map(([name, schema]) => {
    const property = schema as Property;
    if (!property.description) {
      throw new Error(`${name} in ${app.title} has no description: add one to its schema`);
    }
    const description = [`${property.description}.`, accepted(property)].filter(Boolean).join(" ");
    return [`\`${name}\``, defaultOf(name, property, required), description.replaceAll("|", "\\|")];
  });
}

/** A Markdown table with its columns padded as Biome formats them. */
function table(header: string[], rows: string[][]): string {
  const width = (text: string) => [...text].length;
  const widths = header.map((title, column) =>
    Math.max(3, width(title), ...rows.map((row) => width(row[column] ?? ""))),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell + " ".repeat((widths[column] ?? 0) - width(cell))).join(" | ")} |`;
  return [line(header), line(widths.map((each) => "-".repeat(each))), ...rows.map(line)].join("\n");
}

/** The text of docs/environment.md. */
export function environmentReference(): string {
  const sections = PROCESSES.map(
    (app) =>
      `## ${app.title}\n\n${app.intro}\n\n${table(["variable", "default", "description"], rowsOf(app))}\n`,
  );
  return [INTRO, ...sections].join("\n");
}
