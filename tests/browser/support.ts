import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "@tubedigest/config";
import { copyDataDir, prepareMigratedDataDir } from "@tubedigest/db";
import {
  PRODUCT_SCHEMAS,
  type RunningProduct,
  StandaloneEnvironment,
  startProduct,
} from "@tubedigest/standalone";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";

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

let workerBrowser: Promise<Browser> | undefined;

/**
 * One Chromium for all the browser files a test worker runs (a worker keeps its modules from one file to
 * the next), launched at first use: each test still gets a context of its own, with its own cookies,
 * storage and cache, and launching a browser is far slower than opening a context. It closes with the
 * worker.
 */
export function sharedChromium(): Promise<Browser> {
  workerBrowser ??= launchChromium().then((browser) => {
    browser.on("disconnected", () => {
      workerBrowser = undefined;
    });
    return browser;
  });
  return workerBrowser;
}

/** Where screenshots go: a test artifact, not a file in the repository. */
export const SCREENSHOTS_DIR = fileURLToPath(new URL("../../test-results/screenshots", import.meta.url));

/**
 * Screenshots are for people to look at, taken by `make screenshots` (SCREENSHOTS=1); `make test` checks
 * the same screens without drawing them to files. What a test asserts never depends on them.
 */
// biome-ignore lint/style/noProcessEnv: set by `make screenshots` for the test run, not the product's configuration.
// biome-ignore lint/suspicious/noUndeclaredEnvVars: vitest reads it, not a turbo task.
export const TAKING_SCREENSHOTS = process.env.SCREENSHOTS === "1";

/** axe-core's own build, put into the page as it is. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Fails on any serious or critical accessibility violation axe finds in the page as it settles: a toast
 * fading in or a button's colour mid-transition is judged as it ends, not at whatever frame a busy machine
 * happened to reach (endless ones, a spinner, are left running). axe is put into a document once and runs
 * there again as the app moves between its screens (the app has no frames to reach into); only violations
 * are gathered in full, as only they are read.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Run in the page (this project's Node types have no DOM): every finite animation's end.
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  )`);
  if (!(await page.evaluate<boolean>("typeof window.axe?.run === 'function'")))
    await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<AxeViolation[]>(
    `axe.run(document, { resultTypes: ["violations"] }).then((results) => results.violations)`,
  );
  const severe = violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  const report = severe.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  if (report.length > 0) throw new Error(`Accessibility violations on ${page.url()}:\n${report.join("\n")}`);
}

/** With SCREENSHOTS=1, full-page screenshots at 1280 and 360 px wide (or the widths given), as `<name>-1280.png` and so on. */
export async function screenshotBoth(
  page: Page,
  name: string,
  widths: readonly number[] = [1280, 360],
): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, `${name}-${width}.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
  await page.setViewportSize(original);
}

/** With SCREENSHOTS=1, a full-page screenshot at the page's own width, as `<name>-<width>.png`. */
export async function screenshotAt(page: Page, name: string): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({
    path: path.join(SCREENSHOTS_DIR, `${name}-${width}.png`),
    fullPage: true,
    animations: "disabled",
  });
}

/** How far the page is wider than its window (0 when nothing overflows sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>("document.documentElement.scrollWidth - window.innerWidth");
}

/**
 * Starts adding up the page's layout shifts from now, as Lighthouse's CLS counts them (shifts within
 * half a second of an input left out); read the sum with `layoutShiftSince`.
 */
export async function startCountingLayoutShifts(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__layoutShift = { total: 0, sources: [] };
    if (window.__layoutShiftObserver) return;
    window.__layoutShiftObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput || !window.__layoutShift) continue;
        window.__layoutShift.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          window.__layoutShift.sources.push((node && (node.id || node.className || node.nodeName)) + " " + entry.value.toFixed(3));
        }
      }
    });
    window.__layoutShiftObserver.observe({ type: "layout-shift" });
  })()`);
}

/** The layout shift counted since `startCountingLayoutShifts`, with what moved. */
export async function layoutShiftSince(page: Page): Promise<{ total: number; sources: string[] }> {
  return page.evaluate("window.__layoutShift");
}

/** Data folders are named after the worker's process, so one left by a worker that died can be told apart. */
const DATA_DIR_PREFIX = "tubedigest-browser-";
const liveDataDirs = new Set<string>();

/** Whether a process is still running (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

let cleanupInstalled = false;

/**
 * A worker's shared products live as long as the worker, which Vitest ends with SIGTERM and, half a second
 * later, SIGKILL. Their data folders are removed as the process exits; any a killed worker left are
 * removed by the next worker's first shared product.
 */
function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(DATA_DIR_PREFIX)) continue;
    const pid = Number(name.slice(DATA_DIR_PREFIX.length).split("-")[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid))
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
  const removeDataDirs = () => {
    for (const dir of liveDataDirs) {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
        // A product wrote into it meanwhile: tried again at the exit, or by the next worker.
      }
    }
  };
  // SIGTERM no longer ends the process once anything listens for it (Playwright does, and closes its
  // browsers without exiting), so it exits here, before the SIGKILL; time enough first for another
  // listener that clears up asynchronously and then exits itself (the gateway tests' shared stacks).
  // The folders go at once, and what the still running products write there again goes at the exit.
  process.on("SIGTERM", () => {
    removeDataDirs();
    setTimeout(() => process.exit(143), 300);
  });
  process.on("exit", removeDataDirs);
}

/** The product as `make start` starts it (its own configuration defaults), on a free port in a new data folder. */
export async function startTestProduct(extra: Record<string, string> = {}): Promise<{
  product: RunningProduct;
  stop: () => Promise<void>;
}> {
  assertWebAppBuilt();
  const dataDir = await mkdtemp(path.join(tmpdir(), `${DATA_DIR_PREFIX}${process.pid}-`));
  // A database whose schemas are migrated already: every file's product would otherwise migrate them
  // from nothing, a costly run each, to the same tables. The migrations themselves run in the
  // launcher's own tests, from an empty data folder.
  copyDataDir(await prepareMigratedDataDir(PRODUCT_SCHEMAS), path.join(dataDir, "database"));
  const env = loadConfig(StandaloneEnvironment, {
    PORT: "0",
    DATA_DIR: dataDir,
    WEB_DIST,
    LOG_LEVEL: "warn",
    ...extra,
  });
  liveDataDirs.add(dataDir);
  let product: RunningProduct;
  try {
    product = await startProduct(env);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    liveDataDirs.delete(dataDir);
    throw error;
  }
  return {
    product,
    stop: async () => {
      await product.stop();
      await rm(dataDir, { recursive: true, force: true });
      liveDataDirs.delete(dataDir);
    },
  };
}

/**
 * Every shared product's per-client limits are raised: all the tests of all the files that share one
 * come from the same loopback address, so together they would reach limits meant for one person (the
 * limits themselves are checked in the gateway's tests).
 */
const SHARED_PRODUCT_LIMITS: Record<string, string> = {
  SIGN_IN_RATE_LIMIT: "10000",
  SEARCH_RATE_LIMIT: "10000",
  SUMMARY_RATE_LIMIT: "10000",
  SUMMARY_TOOL_RATE_LIMIT: "10000",
  ABANDONMENT_RATE_LIMIT: "10000",
  NEWSLETTER_RATE_LIMIT: "10000",
  CHECKOUT_RATE_LIMIT: "10000",
  ACCOUNT_CHANGE_RATE_LIMIT: "10000",
};

/**
 * The product as an operator configures it beyond `make start`: the hidden summary tool's password, and
 * who runs the site and where to write. The files that need any of it share one product with all of it.
 */
export const CONFIGURED_SITE = {
  SUMMARY_TOOL_PASSWORD: "browser-suite-tool-password",
  SUPPORT_EMAIL: "help@tubedigest.test",
  OPERATOR_NAME: "Tubedigest Test Ltd",
} as const;

const sharedProducts = new Map<string, Promise<RunningProduct>>();

/**
 * One product per worker for each configuration (`make start`'s defaults plus `extra`), started at first
 * use and kept for the worker's later files, as its Chromium is: starting one per file was most of a
 * short file's time. Tests share its accounts, mailbox and queues, so each makes its own account (a
 * fresh address) and reads only what is its own. It ends with the worker.
 */
export function sharedTestProduct(extra: Record<string, string> = {}): Promise<RunningProduct> {
  const env = { ...SHARED_PRODUCT_LIMITS, ...extra };
  const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
  let product = sharedProducts.get(key);
  if (!product) {
    installCleanup();
    product = startTestProduct(env).then((started) => started.product);
    product.catch(() => sharedProducts.delete(key));
    sharedProducts.set(key, product);
  }
  return product;
}

/** A page that records what would be a bug: uncaught errors and console errors. */
export async function openPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    // The browser logs every non-2xx answer; a visitor's 401 from current-user is the ordinary case.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  return { context, page, problems };
}

export interface OpenedPage {
  product: RunningProduct;
  context: BrowserContext;
  page: Page;
}

/**
 * A browser suite's hooks: the worker's shared product for `env` (`make start`'s defaults plus `env`,
 * e.g. a setting the suite needs switched on; see `sharedTestProduct`), or with `ownProduct` one for this
 * file alone, stopped after it (for an `env` no other file can share); the worker's Chromium; a fresh
 * context and page for each test, handed to `onOpen`; and each test failing when the page logged an error.
 */
export function openPageForEachTest(
  onOpen: (opened: OpenedPage) => void,
  env?: Record<string, string>,
  { ownProduct = false }: { ownProduct?: boolean } = {},
): void {
  let product: RunningProduct | undefined;
  let stop: (() => Promise<void>) | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let problems: string[] = [];

  beforeAll(async () => {
    if (ownProduct) ({ product, stop } = await startTestProduct(env));
    else product = await sharedTestProduct(env);
    browser = await sharedChromium();
  });

  afterAll(async () => {
    await stop?.();
  });

  beforeEach(async () => {
    if (!browser || !product) throw new Error("the product or the browser did not start");
    const opened = await openPage(browser, product.url);
    context = opened.context;
    problems = opened.problems;
    onOpen({ product, context: opened.context, page: opened.page });
  });

  afterEach(async () => {
    await context?.close();
    expect(problems).toEqual([]);
  });
}

// The product's JSON answers, read in the page; tests check them field by field.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Json = any;

/** A request from the page, with its cookies: the status and the body (JSON when it is JSON, else text). */
export function callFromPage(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        credentials: "include",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      try {
        return { status: response.status, body: text ? JSON.parse(text) : undefined };
      } catch {
        return { status: response.status, body: text };
      }
    },
    { method, url, body },
  );
}

/**
 * Starts `plan` for the signed-in account in test mode, as "Skip Payment" does. Billing hears of a new
 * account from auth's event a moment later, and says 409 until then.
 */
export async function startPlanInTestMode(
  call: (method: string, url: string, body?: unknown) => Promise<{ status: number }>,
  plan: string,
): Promise<void> {
  await expect
    .poll(async () => (await call("POST", "/api/subscribe-with-coupon", { plan, testMode: true })).status, {
      timeout: 10_000,
    })
    .toBeLessThan(300);
}

/** The toast titled `title`: role "status" for news, "alert" for errors. */
export function toastIn(page: Page, role: "status" | "alert", title: string) {
  return page.getByRole(role).filter({ hasText: title });
}

/** The first path in the newest message to `email` whose subject matches, once it is in the development mailbox. */
export async function linkInMailbox(
  page: Page,
  email: string,
  subject: RegExp,
  link: RegExp,
): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const list: string = (await callFromPage(page, "GET", "/dev/mailbox")).body;
    const row = list.split("<tr>").find((cells) => cells.includes(email) && subject.test(cells));
    const id = row?.match(/href="\/dev\/mailbox\/([^"]+)"/)?.[1];
    if (id) {
      const text: string = (await callFromPage(page, "GET", `/dev/mailbox/${id}/text`)).body;
      const found = text.match(link)?.[0];
      if (found) return new URL(found).pathname + new URL(found).search;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no message matching ${subject} for ${email} in /dev/mailbox`);
}

/**
 * The newest message to `email` whose subject matches, which must be in the development mailbox; with
 * SCREENSHOTS=1 shown alone at each width (a phone's 375 px unless told) as `<name>-<width>.png`, to be
 * looked at. Either way the page is left on /terms, whose policy lets the test's calls through.
 */
export async function screenshotMail(
  page: Page,
  email: string,
  subject: RegExp,
  name: string,
  widths: readonly number[] = [375],
): Promise<void> {
  const list: string = (await callFromPage(page, "GET", "/dev/mailbox")).body;
  const row = list.split("<tr>").find((cells) => cells.includes(email) && subject.test(cells));
  const id = row?.match(/href="\/dev\/mailbox\/([^"]+)"/)?.[1];
  expect(id, `${subject} to ${email}`).toBeDefined();
  if (!TAKING_SCREENSHOTS) {
    await page.goto("/terms");
    return;
  }
  await page.goto(`/dev/mailbox/${id}`);
  const html = await page.locator("iframe").getAttribute("srcdoc");
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.setContent(html ?? "");
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/terms");
}

/** A fresh address, so tests never meet each other's accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
