/**
 * One service in a process of its own, started as a deployment starts it (`runServiceProcess` over the
 * service's `process.ts`, exactly as its `src/main.ts` does, configured from its environment), but joined
 * to the bench run's RabbitMQ exchange and suffixed queues (`joinTestBus`) instead of the product's, so a
 * run sees only its own events, and listening on free ports of 127.0.0.1 (PORT and HOST are not used).
 * It prints "queue <name>" for every queue it declares (the bench deletes them afterwards) and
 * "ready <port>" once it listens. Run by `startBenchChild`:
 *
 *   node --import tsx bench/support/service-process.ts <service> '<bus address JSON>'
 */
import { deadLetterQueueName, type EventBus, retryQueueName } from "@tubedigest/bus";
import { joinTestBus, type TestBusAddress } from "@tubedigest/bus/testing";
import { runServiceProcess, type ServiceProcess } from "@tubedigest/http";
import type { TObject } from "typebox";
import { authProcess } from "../../services/auth/src/process.ts";
import { billingProcess } from "../../services/billing/src/process.ts";
import { catalogProcess } from "../../services/catalog/src/process.ts";
import { gatewayProcess } from "../../services/gateway/src/process.ts";
import { mailerProcess } from "../../services/mailer/src/process.ts";
import { summariserProcess } from "../../services/summariser/src/process.ts";

const SERVICES: Record<string, ServiceProcess<TObject, unknown, EventBus>> = {
  gateway: gatewayProcess,
  auth: authProcess,
  catalog: catalogProcess,
  billing: billingProcess,
  summariser: summariserProcess,
  mailer: mailerProcess,
};

const [name = "", address = "{}"] = process.argv.slice(2);
const service = SERVICES[name];
if (!service) throw new Error(`no such service: "${name}"`);

await runServiceProcess(service, {
  connect: (url) =>
    joinTestBus(
      JSON.parse(address) as TestBusAddress,
      (queue, retryDelaysMs) => {
        for (const declared of [
          queue,
          deadLetterQueueName(queue),
          ...retryDelaysMs.map((ms) => retryQueueName(queue, ms)),
        ])
          process.stdout.write(`queue ${declared}\n`);
      },
      url,
    ),
  anyLoopbackPort: true,
  onListening: (url) => process.stdout.write(`ready ${new URL(url).port}\n`),
});
