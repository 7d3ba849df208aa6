import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order of one `make test` run over the three projects. Unit files come first (quick, and a broken
 * rule says so within a minute); then the integration files with the browser files spread among them,
 * each project's files in Vitest's own order (slowest or largest first). A browser file drives Chromium
 * against a product of its own for up to a minute: taken together, as the default order would, two at
 * once kept both cores busy drawing pages while the integration files' waits left them idle. Spread out,
 * a browser file overlaps the integration files' waits. The last browser file starts with a fifth of the
 * other files still to run, so no long file is left running alone at the end.
 */
export default class BrowserFilesSpread extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const unit = sorted.filter((file) => file.project.name === "unit");
    const browser = sorted.filter((file) => file.project.name === "browser");
    const rest = sorted.filter((file) => !unit.includes(file) && !browser.includes(file));
    const gap = (rest.length * 0.8) / Math.max(browser.length, 1);
    const spread: TestSpecification[] = [];
    let placed = 0;
    rest.forEach((file, index) => {
      while (placed < browser.length && index >= placed * gap)
        spread.push(browser[placed++] as TestSpecification);
      spread.push(file);
    });
    return [...unit, ...spread, ...browser.slice(placed)];
  }
}
