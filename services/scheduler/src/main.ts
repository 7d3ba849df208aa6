import { createRabbitMqBus } from "@tubedigest/bus";
import { runServiceProcess } from "@tubedigest/http";
import { schedulerProcess } from "./process.ts";

await runServiceProcess(schedulerProcess, { connect: (url, log) => createRabbitMqBus({ url, log }) });
