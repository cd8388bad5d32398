// GitHub Actions workflow commands: an `error` annotation per violation and input error, a `notice`
// per hint, at the file, line and column; the summary as a plain line of the log. GitHub shows at
// most 10 annotations of each level per step: the frame writes at most that many, those in changed
// files first, and sums up the rest in the last one; the full list goes to the job summary.
import { closeSync, statSync, writeFileSync } from 'node:fs';
import type { Located } from '../../text/located.js';
import type { Hint, Violation } from '../../violation.js';
import { openReportSync } from '../own-reports.js';
import {
  type Frame,
  pointerName,
  type ReportFormat,
  type RunFacts,
  summaryLine,
  type Tally,
  visible,
} from '../report.js';
import type { CliWording } from '../wording.js';

/**
 * A command's message: `%`, CR and LF escaped as GitHub reads them, so that no text of an order can
 * start a command of its own, and the other controls visible, so that none reaches the log raw.
 */
const data = (s: string) => visible(s, 'breaks').replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');

/** A command's property value: as a message, and `:` and `,` escaped too. */
const property = (s: string) => data(s).replaceAll(':', '%3A').replaceAll(',', '%2C');

/** A message or property value as it was before it was escaped. */
const unescaped = (s: string) =>
  s.replace(/%(25|0D|0A|3A|2C)/g, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)));

type Level = 'error' | 'warning' | 'notice';
const levels: readonly Level[] = ['error', 'warning', 'notice'];

/**
 * The annotations of each level GitHub shows per step (10 errors, 10 warnings, 10 notices: the
 * limits of GitHub Actions, https://github.com/actions/toolkit/blob/main/docs/problem-matchers.md#limitations).
 */
export const annotationsPerLevel = 10;

/** The bytes a job summary may hold per step: 1 MiB, past which GitHub drops it whole. */
export const stepSummaryBytes = 1024 * 1024;

function command(kind: Level, file: string, at: Partial<Located<object>>, title: string, message: string) {
  let props = `file=${property(file)}`;
  if (at.line !== undefined) props += `,line=${at.line}`;
  if (at.column !== undefined) props += `,col=${at.column}`;
  if (at.endLine !== undefined) props += `,endLine=${at.endLine}`;
  if (at.endColumn !== undefined) props += `,endColumn=${at.endColumn}`;
  return `::${kind} ${props},title=${property(title)}::${data(message)}\n`;
}

const finding = (t: CliWording, kind: Level, file: string, f: Located<Violation> | Located<Hint>, mark: string) =>
  command(kind, file, f, `${mark} ${pointerName(t, f.path)}`, f.message);

/** An annotation as the renderer wrote it, read back: its level, file, properties and message. */
interface Annotation {
  readonly level: Level;
  readonly file: string;
  readonly line: string;
}

/** Reads an annotation the renderer wrote: `::level file=…,…::message`; a property never holds `:` or `,` unescaped. */
function annotation(line: string): Annotation | undefined {
  const space = line.indexOf(' ');
  const level = line.slice(2, space) as Level;
  if (!line.startsWith('::') || !levels.includes(level) || !line.startsWith('file=', space + 1)) return undefined;
  const comma = line.indexOf(',', space);
  return { level, file: unescaped(line.slice(space + 6, comma < 0 ? undefined : comma)), line };
}

/** Markdown table cell text: nothing that starts markup, a new cell or a new line. */
const cell = (s: string) =>
  s.replace(/[\\`*_{}[\]<>()#+!|&~]|\r\n?|\n/g, (c) =>
    c.startsWith('\r') || c === '\n' ? ' ' : `&#${c.charCodeAt(0)};`,
  );

/** A row of the job summary's table for an annotation. */
function row(a: Annotation): string {
  const props = a.line.slice(a.line.indexOf(' ') + 1, a.line.indexOf('::', 2));
  const message = unescaped(a.line.slice(a.line.indexOf('::', 2) + 2));
  const values = new Map(
    props.split(',').map((p) => [p.slice(0, p.indexOf('=')), unescaped(p.slice(p.indexOf('=') + 1))] as const),
  );
  const at = values.has('line') ? `:${values.get('line')}${values.has('col') ? `:${values.get('col')}` : ''}` : '';
  return `| ${cell(`${a.file}${at}`)} | ${a.level} | ${cell(values.get('title') ?? '')} | ${cell(message)} |\n`;
}

/**
 * The job summary: every finding in a Markdown table, in input order, held up to GitHub's size limit
 * less what the step's summary file holds already; the findings past it are counted.
 */
class StepSummary {
  private readonly rows: string[] = [];
  private bytes = 0;
  private left = 0;
  private readonly budget: number;

  constructor(
    private readonly path: string,
    private readonly t: CliWording,
  ) {
    let before = 0;
    try {
      before = statSync(path).size;
    } catch {
      // not there yet: the summary starts it
    }
    // room for the heading, the summary line and the line of findings left out
    this.budget = stepSummaryBytes - before - 4096;
  }

  add(a: Annotation): void {
    if (this.left > 0) {
      this.left++;
      return;
    }
    const text = row(a);
    const size = Buffer.byteLength(text);
    if (this.bytes + size > this.budget) this.left++;
    else {
      this.rows.push(text);
      this.bytes += size;
    }
  }

  /** Appends the summary to the step's file; what went wrong, if anything. */
  write(tally: Tally, warn: (message: string) => void): void {
    const { t } = this;
    const head = `### product-order-validate\n\n${cell(visible(summaryLine(t, tally)))}\n\n`;
    const table =
      this.rows.length === 0
        ? ''
        : `| ${t.limits.table.where} | ${t.limits.table.level} | ${t.limits.table.finding} | ${t.limits.table.message} |\n|---|---|---|---|\n${this.rows.join('')}`;
    const more = this.left > 0 ? `\n${t.limits.summaryFull(this.left)}\n` : '';
    if (this.left > 0) warn(t.limits.summaryFull(this.left));
    try {
      // appended, never through a link (the guard refused one; this refuses one put there since)
      const fd = openReportSync(this.path, true);
      try {
        writeFileSync(fd, `${head}${table}${more}\n`);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      warn(t.usage.cannotWrite(this.path, (error as NodeJS.ErrnoException).code ?? String(error)));
    }
  }
}

/** The annotations of one level: at most {@link annotationsPerLevel}, those in changed files first, the rest summed up in the last. */
class Quota {
  /** Annotations written. */
  private shown = 0;
  /** Annotations held back for the end: in changed files (past the first), then in others; at most a quota each. */
  private readonly changed: Annotation[] = [];
  private readonly others: Annotation[] = [];
  /** Every annotation not written at once, counted by file. */
  private readonly waiting = new Map<string, number>();
  private total = 0;

  constructor(private readonly isChanged: (file: string) => boolean) {}

  /** Takes an annotation: the text to write now, if any. */
  take(a: Annotation): string {
    this.total++;
    const changed = this.isChanged(a.file);
    // the last place stays free until the end: it may have to sum up the rest
    if (changed && this.shown < annotationsPerLevel - 1) {
      this.shown++;
      return `${a.line}\n`;
    }
    this.waiting.set(a.file, (this.waiting.get(a.file) ?? 0) + 1);
    const held = changed ? this.changed : this.others;
    if (held.length < annotationsPerLevel) held.push(a);
    return '';
  }

  /** What closes the level: the held annotations that fit, and one that sums up the rest. */
  finish(level: Level, t: CliWording, facts: RunFacts): string {
    let out = '';
    const room = this.total <= annotationsPerLevel ? annotationsPerLevel : annotationsPerLevel - 1;
    for (const a of [...this.changed, ...this.others]) {
      if (this.shown >= room) break;
      this.shown++;
      out += `${a.line}\n`;
      const n = (this.waiting.get(a.file) ?? 1) - 1;
      if (n === 0) this.waiting.delete(a.file);
      else this.waiting.set(a.file, n);
    }
    const left = this.total - this.shown;
    if (left === 0) return out;
    facts.warn(t.limits.annotationsCut(level, left, this.total, annotationsPerLevel));
    const text = t.limits.moreAnnotations(left, this.waiting.size, facts.stepSummary !== undefined);
    return `${out}::${level} title=${property('product-order-validate')}::${data(text)}\n`;
  }
}

export const github: ReportFormat = {
  renderer: ({ t }) => ({
    order({ place, violations, hints }) {
      let out = '';
      for (const v of violations) out += finding(t, 'error', place.source, v, v.rule);
      for (const h of hints) out += finding(t, 'notice', place.source, h, t.hint);
      return out;
    },
    error: (error) => command('error', error.name, error, t.rules[error.error].title, t.error(error)),
  }),
  frame: ({ t }, facts): Frame => {
    const changed = facts.changed;
    const isChanged = changed === undefined ? () => true : (file: string) => changed.has(file);
    const quotas = new Map(levels.map((level) => [level, new Quota(isChanged)]));
    const summary = facts.stepSummary === undefined ? undefined : new StepSummary(facts.stepSummary, t);
    const records = (text: string) => {
      let out = '';
      for (let at = 0; at < text.length; ) {
        const end = text.indexOf('\n', at);
        const line = text.slice(at, end < 0 ? undefined : end);
        at = end < 0 ? text.length : end + 1;
        const a = annotation(line);
        if (!a) {
          out += `${line}\n`;
          continue;
        }
        summary?.add(a);
        out += quotas.get(a.level)?.take(a) ?? '';
      }
      return out;
    };
    return {
      start: () => '',
      records,
      alone: records,
      end: () => '',
      finish(tally) {
        let out = '';
        for (const [level, quota] of quotas) out += quota.finish(level, t, facts);
        summary?.write(tally, facts.warn);
        return `${out}${visible(summaryLine(t, tally))}\n`;
      },
    };
  },
};
