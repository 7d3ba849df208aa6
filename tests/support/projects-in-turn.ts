import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order of one `make test` run over the three projects: unit files first (quick, and a broken rule
 * says so within a minute), then the integration files, then the browser files, each project's files in
 * Vitest's own order (slowest or largest first). Each project's files stay together because Vitest hands
 * a worker the next file only when it is of the same project: a change of project ends the worker, and
 * with it the modules, the shared stacks and the shared product it holds (isolate: false), which every
 * following file would then build again.
 */
export default class ProjectsInTurn extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const order = ["unit", "integration", "browser"];
    const rank = (file: TestSpecification) => {
      const index = order.indexOf(file.project.name);
      return index === -1 ? order.length : index;
    };
    return sorted
      .map((file, position) => ({ file, position }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position)
      .map(({ file }) => file);
  }
}
