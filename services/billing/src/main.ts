import { createRabbitMqBus } from "@tubedigest/bus";
import { runServiceProcess } from "@tubedigest/http";
import { billingProcess } from "./process.ts";

await runServiceProcess(billingProcess, { connect: (url, log) => createRabbitMqBus({ url, log }) });
