import { defineConfig } from "vitest/config";

// Browser tests: the built web app served by the whole product in one process, driven by a real Chromium.
// They need `npm run build -w @tubedigest/web` first and a Chromium at /usr/bin/chromium (Debian package).
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
