// A progress line on a terminal's stderr for runs longer than a moment: a bar when the input size is
// known, the orders done, orders per second and the invalid ones so far. Nothing when stderr is no terminal.

import type { Tally } from './report.js';
import type { CliWording } from './wording.js';

/** A run shows progress once it has taken this long, and redraws it this often. */
const delay = 500;
const every = 100;
const width = 20;

/** The stream progress is drawn on: a terminal. */
interface Terminal {
  readonly isTTY?: boolean;
  write(text: string): boolean;
}

/** The progress line of a run, drawn on `terminal` only if it is a TTY. */
export class Progress {
  private timer: NodeJS.Timeout | undefined;
  private shown = false;
  private bytes = 0;
  private readonly started = performance.now();

  constructor(
    private readonly terminal: Terminal,
    private readonly tally: Tally,
    private readonly t: CliWording,
    /** The total size of the input in bytes, when known. */
    private readonly total: number | undefined,
  ) {
    if (!terminal.isTTY) return;
    this.timer = setTimeout(() => {
      this.timer = setInterval(() => this.draw(), every).unref();
      this.draw();
    }, delay).unref();
  }

  /** Counts bytes read. */
  read(bytes: number): void {
    this.bytes += bytes;
  }

  /** Takes the line off the terminal until the next redraw, so other text can be written. */
  clear(): void {
    if (!this.shown) return;
    this.terminal.write('\r\x1b[K');
    this.shown = false;
  }

  /** Stops drawing and clears the line. */
  stop(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    this.clear();
  }

  private draw(): void {
    const { t, tally } = this;
    const seconds = (performance.now() - this.started) / 1000;
    const rate = Math.round(tally.orders / Math.max(seconds, 0.001));
    let bar = '';
    if (this.total) {
      const share = Math.min(1, this.bytes / this.total);
      const full = Math.round(share * width);
      bar = `[${'█'.repeat(full)}${'░'.repeat(width - full)}] ${String(Math.floor(share * 100)).padStart(3)}%  `;
    }
    const invalid = t.invalid(t.number(tally.invalid));
    this.terminal.write(`\r\x1b[K${bar}${t.orders(tally.orders)}  ${t.number(rate)} ${t.perSecond}  ${invalid}`);
    this.shown = true;
  }
}
