import { runServiceProcess } from "@tubedigest/http";
import { gatewayProcess } from "./process.ts";

await runServiceProcess(gatewayProcess);
