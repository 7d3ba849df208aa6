import { type EventBus, schemaMigrationStep } from "@tubedigest/bus";
import { serviceWithStore } from "@tubedigest/http";
import { buildSummariserApp, summariserMigrations } from "./app.ts";
import { SummariserEnvironment, type SummariserSettings, summariserSettingsFrom } from "./config.ts";

/** Summariser as a process of its own: its schema at DATABASE_URL, its events through RABBITMQ_URL. */
export const summariserProcess = serviceWithStore<typeof SummariserEnvironment, SummariserSettings, EventBus>(
  {
    name: "summariser",
    environment: SummariserEnvironment,
    settingsFrom: summariserSettingsFrom,
    build: buildSummariserApp,
    migrate: schemaMigrationStep("summariser", summariserMigrations),
  },
);
