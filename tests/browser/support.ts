import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Fails early and plainly when the web app has not been built, instead of a confusing 503 in the page. */
export function assertWebAppBuilt(): void {
  if (!existsSync(`${WEB_DIST}/index.html`)) {
    throw new Error(
      `${WEB_DIST}/index.html is missing: build the web app first with \`npm run build -w @tubedigest/web\`.`,
    );
  }
}

/** Debian's Chromium, headless, with everything that would reach out to Google switched off. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install it with \`apt-get install -y chromium\`.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
