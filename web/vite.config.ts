import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress.ts";

// The gateway serves web/dist in every environment. `npm run dev -w @tubedigest/web` is only for working
// on the screens: it forwards /api to a product started with `make start` (port 3000). The Host header is
// passed through unchanged so the gateway's same-origin check sees matching Origin and Host.
export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: "dist", emptyOutDir: true },
  server: { proxy: { "/api": "http://127.0.0.1:3000" } },
});
