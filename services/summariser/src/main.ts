import { createRabbitMqBus } from "@tubedigest/bus";
import { runServiceProcess } from "@tubedigest/http";
import { summariserProcess } from "./process.ts";

await runServiceProcess(summariserProcess, { connect: (url, log) => createRabbitMqBus({ url, log }) });
