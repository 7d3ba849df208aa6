import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import puppeteer, { type Browser, type Page } from "puppeteer-core";

const CHROMIUM_PATH = "/usr/bin/chromium";
// The machine's network is closed: without these Chromium keeps trying to reach Google's services, and
// waits on it. No sandbox, since the benchmarks run as root.
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export type FormFactor = "mobile" | "desktop";

export interface LighthouseScores {
  /** 0–100, as Lighthouse's report shows them. */
  performance: number;
  accessibility: number;
  /** The figures behind the performance score, in milliseconds (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /** What Lighthouse estimates would save time or bytes on this page, by title: where the time goes. */
  opportunities: string[];
  /** The elements that moved after they were shown (Lighthouse's "layout-shifts"), with each one's share of CLS. */
  layoutShifts: string[];
  lighthouseVersion: string;
}

export interface HeadlessChromium {
  /** As the browser names itself, e.g. "HeadlessChrome/150.0.7871.100". */
  version: string;
  /**
   * Lighthouse's performance and accessibility scores for `url`, on a fresh tab with an empty HTTP
   * cache. `sessionStorage` is written into the tab first (from a page of the same origin that loads no
   * script), for pages that read the state an earlier screen left.
   */
  audit(
    url: string,
    formFactor: FormFactor,
    sessionStorage?: Record<string, string>,
  ): Promise<LighthouseScores>;
  close(): Promise<void>;
}

// Lighthouse asks for a rerun when its trace of the load comes out broken (NO_NAVSTART and the like), which
// happens now and then on a busy machine.
const ATTEMPTS = 3;

/** One page load under Lighthouse, from an empty HTTP cache; rerun when Lighthouse says its trace broke. */
async function lighthouseResult(page: Page, url: string, formFactor: FormFactor, port: number) {
  for (let attempt = 1; ; attempt++) {
    const devtools = await page.createCDPSession();
    await devtools.send("Network.clearBrowserCache");
    await devtools.detach();
    const result = await lighthouse(
      url,
      {
        port,
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        // Lighthouse would clear the origin's storage, session storage included; the cache was cleared
        // above instead.
        disableStorageReset: true,
      },
      formFactor === "desktop" ? desktopConfig : undefined,
      page,
    );
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const problem = lhr?.runtimeError?.message ?? "no result";
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${problem}`);
    console.warn(`Lighthouse on ${url} (${formFactor}), attempt ${attempt}: ${problem}; running it again`);
  }
}

/** Debian's Chromium, headless, with a DevTools port Lighthouse and puppeteer drive. */
export async function launchHeadlessChromium(): Promise<HeadlessChromium> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  } catch (error) {
    chrome.kill();
    throw error;
  }
  const connected = browser;
  return {
    version: await connected.version(),
    async audit(url, formFactor, sessionStorage = {}) {
      const page = await connected.newPage();
      try {
        if (Object.keys(sessionStorage).length > 0) {
          // /healthz is JSON: the origin's storage is written without any of the app's files being cached.
          await page.goto(new URL("/healthz", url).href);
          await page.evaluate((entries) => {
            // Runs in the page; this project's typings have no DOM.
            const storage = (
              globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
            ).sessionStorage;
            for (const [key, value] of entries) storage.setItem(key, value);
          }, Object.entries(sessionStorage));
        }
        const lhr = await lighthouseResult(page, url, formFactor, chrome.port);
        const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
        const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
        const performanceAudits = lhr.categories.performance?.auditRefs.map((ref) => ref.id) ?? [];
        return {
          lighthouseVersion: lhr.lighthouseVersion,
          performance: score("performance"),
          accessibility: score("accessibility"),
          metrics: {
            fcp: value("first-contentful-paint"),
            lcp: value("largest-contentful-paint"),
            tbt: value("total-blocking-time"),
            cls: value("cumulative-layout-shift"),
            speedIndex: value("speed-index"),
          },
          opportunities: Object.values(lhr.audits)
            .filter((audit) => {
              const details = audit.details as {
                type?: string;
                overallSavingsMs?: number;
                overallSavingsBytes?: number;
              };
              const saves = (details?.overallSavingsMs ?? 0) > 0 || (details?.overallSavingsBytes ?? 0) > 0;
              return performanceAudits.includes(audit.id) && details?.type === "opportunity" && saves;
            })
            .map((audit) => `${audit.title} (${audit.displayValue ?? "?"})`),
          layoutShifts: (
            (
              lhr.audits["layout-shifts"]?.details as {
                items?: { node?: { selector?: string }; score?: number }[];
              }
            )?.items ?? []
          ).map((item) => `${item.node?.selector ?? "?"} (${(item.score ?? 0).toFixed(3)})`),
        };
      } finally {
        await page.close();
      }
    },
    async close() {
      await connected.disconnect();
      chrome.kill();
    },
  };
}
