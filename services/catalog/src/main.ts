import { createRabbitMqBus } from "@tubedigest/bus";
import { runServiceProcess } from "@tubedigest/http";
import { catalogProcess } from "./process.ts";

await runServiceProcess(catalogProcess, { connect: (url, log) => createRabbitMqBus({ url, log }) });
