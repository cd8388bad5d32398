// The report formats by name, and the renderers and frames of a run's reports.
import { cliWords } from '../languages.js';
import type { Format, Frame, Look, Renderer, ReportFormat, RunFacts, Style } from '../report.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import { json, ndjson } from './json.js';
import { junit } from './junit.js';
import { sarif } from './sarif.js';
import { text } from './text.js';

/** The formats by name. */
const byName: Readonly<Record<Format, ReportFormat>> = { text, json, ndjson, sarif, junit, github, gitlab };

const style = (look: Look, report: Look['reports'][number]): Style => ({
  t: cliWords[look.lang],
  colour: report.colour,
  quiet: look.quiet,
  output: report.output,
});

/** The formats whose findings a platform places on a file of the commit: they name files by their real paths. */
export const annotating: ReadonlySet<Format> = new Set(['github', 'gitlab', 'sarif']);

/** A renderer that names the files found through a link by their real paths (`Look.realNames`). */
function byRealName(render: Renderer, realNames: Readonly<Record<string, string>>): Renderer {
  const real = (name: string) => (Object.hasOwn(realNames, name) ? realNames[name] : name);
  return {
    order: (verdict) => render.order({ ...verdict, place: { ...verdict.place, source: real(verdict.place.source) } }),
    error: (error) => render.error({ ...error, name: real(error.name) }),
  };
}

/**
 * The renderers of a look's reports, in order. With `--fail-on hints` they render every order they
 * are given: the check leaves out the ones that pass, and an order that fails on its hints stays.
 */
export function renderers(look: Look): Renderer[] {
  return look.reports.map((report) => {
    const render = byName[report.format].renderer(
      Object.assign(style(look, report), look.failOnHints && { quiet: false }),
    );
    return look.realNames && annotating.has(report.format) ? byRealName(render, look.realNames) : render;
  });
}

/** The frames of a look's reports, in order; only the first `github` report writes the job summary. */
export function frames(look: Look, run: RunFacts): Frame[] {
  const summing = look.reports.findIndex((report) => report.format === 'github');
  return look.reports.map((report, r) =>
    byName[report.format].frame(style(look, report), r === summing ? run : { ...run, stepSummary: undefined }),
  );
}
