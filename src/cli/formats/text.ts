// The readable report: each invalid order with its violations (line:column, rule, path, message), a
// line for each valid single-order file and for each file of many orders, input errors with file,
// line and column, and a summary with the violations per rule.
import { type Pieces, placeName, pointerName, type ReportFormat, type Style, summaryLine, visible } from '../report.js';

type Colour = 'bold' | 'red' | 'green' | 'yellow' | 'cyan' | 'dim';
const codes: Record<Colour, number> = { bold: 1, red: 31, green: 32, yellow: 33, cyan: 36, dim: 2 };
const paint = (colour: Colour, s: string) => `\x1b[${codes[colour]}m${s}\x1b[0m`;
const plain = (_: Colour, s: string) => s;

/** The indent of a message under its finding's line: past the position and the rule. */
const indent = ' '.repeat(4 + 9 + 10);

export const text: ReportFormat = {
  renderer({ t, colour, quiet }: Style) {
    const style = colour ? paint : plain;
    const finding = (line: number, column: number, mark: string, path: string, message: string) =>
      `    ${style('dim', `${line}:${column}`.padEnd(8))} ${mark} ${style('cyan', visible(pointerName(t, path)))}\n${indent}${visible(message)}\n`;
    return {
      order({ place, violations, hints, truncated }) {
        let out: string;
        if (violations.length === 0) {
          const single = place.line === undefined && place.index === undefined;
          if (quiet || (!single && hints.length === 0)) return '';
          out = `${style('green', '✓')} ${visible(placeName(t, place))}\n`;
        } else out = `${style('red', '✗')} ${visible(placeName(t, place))}\n`;
        for (const v of violations)
          out += finding(v.line, v.column, style('bold', v.rule.padEnd(9)), v.path, v.message);
        if (truncated) out += `${indent}${t.more(truncated.more, truncated.stopped)}\n`;
        // after the violations, marked as what they are: near misses that break no rule
        for (const h of hints) out += finding(h.line, h.column, style('yellow', t.hint.padEnd(9)), h.path, h.message);
        return out;
      },
      error(error) {
        const line = error.line === undefined ? '' : `:${error.line}`;
        const at = error.column === undefined ? line : `${line}:${error.column}`;
        return `${style('yellow', '!')} ${visible(error.name)}${at}: ${visible(t.error(error))}\n`;
      },
    };
  },
  frame({ t, colour, quiet }: Style) {
    const style = colour ? paint : plain;
    return {
      start: () => '',
      records: (s) => s,
      alone: (s) => s,
      end(source, { orders, invalid, many }): Pieces {
        if (quiet || (!many && !source.lines) || orders === 0) return '';
        const mark = invalid ? style('red', '✗') : style('green', '✓');
        return `${mark} ${visible(source.name)}: ${t.orders(orders)}, ${invalid ? t.invalid(t.number(invalid)) : t.allValid}\n`;
      },
      finish: (tally) => `\n${style('bold', visible(summaryLine(t, tally)))}\n`,
    };
  },
};
