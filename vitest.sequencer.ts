import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** A test or file asking for more time than the default: it waits on child processes, timers or a second instance. */
const asksForTime = /timeout: ?\d{2,3}_000|\}, \d{2,3}_000\)/;

/** A file's expected duration in milliseconds, before any run has measured it. */
function estimate(file: string): number {
  return asksForTime.test(readFileSync(file, "utf8")) ? 30_000 : statSync(file).size;
}

/**
 * The longest test files first, project by project, so that the last minute of a project is not
 * one long file running alone. Vitest does so from the durations of an earlier run; on a fresh
 * checkout (as in CI) it has none and keeps the files' found order, which started the slowest
 * files last. Without a measured duration, a file that asks for more time than the default comes
 * first, then the larger files.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weights = new Map(
      files.map((file) => {
        const key = `${file.project.name}:${path.relative(root, file.moduleId)}`;
        return [file, this.ctx.cache.getFileTestResults(key)?.duration ?? estimate(file.moduleId)];
      }),
    );
    const weight = (file: TestSpecification) => weights.get(file) ?? 0;
    return [...files].sort((a, b) => {
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return weight(b) - weight(a);
    });
  }
}
