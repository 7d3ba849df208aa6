import { createRabbitMqBus } from "@tubedigest/bus";
import { runServiceProcess } from "@tubedigest/http";
import { authProcess } from "./process.ts";

await runServiceProcess(authProcess, { connect: (url, log) => createRabbitMqBus({ url, log }) });
