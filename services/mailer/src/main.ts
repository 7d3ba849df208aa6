import { createRabbitMqBus } from "@tubedigest/bus";
import { runServiceProcess } from "@tubedigest/http";
import { mailerProcess } from "./process.ts";

await runServiceProcess(mailerProcess, { connect: (url, log) => createRabbitMqBus({ url, log }) });
