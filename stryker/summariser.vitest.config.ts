import { mergeConfig } from "vitest/config";
import shared from "../vitest.mutate.config.ts";

// The delivery-time tests walk every quarter-hour of twelve weeks in three zones: pure computation,
// quick alone, but past the shared test time-out under Stryker's coverage counting on busy cores. A mutant that
// makes them loop for ever still meets Stryker's own time-out.
export default mergeConfig(shared, { test: { testTimeout: 60_000 } });
