// Batches the units of the input, has a pool check them, and hands the outcomes on in input order.
// At most `depth` batches are out at once (checked, or waiting for the output to take them): the
// reader waits for a free place, so memory stays flat whatever the input size.

import type { Pool } from './pool.js';
import type { Checked, Unit } from './report.js';
import type { InputError, Source } from './sources.js';

/** Something the output hears of, in input order. */
export type Entry =
  | { readonly kind: 'unit'; readonly source: Source }
  | { readonly kind: 'error'; readonly error: InputError; readonly source: Source | undefined }
  | { readonly kind: 'end'; readonly source: Source };

/** Takes a checked batch: its entries and what each of its units gave, in order. */
export type Emit = (entries: readonly Entry[], checked: readonly Checked[]) => Promise<void>;

/** A batch is sent on once it holds this many units or this many bytes. */
const batchUnits = 512;
const batchBytes = 1 << 18;

interface Slot {
  readonly entries: readonly Entry[];
  checked: readonly Checked[] | undefined;
}

/** The ordered, bounded path from the reader through the pool to the output. */
export class Pipeline {
  private entries: Entry[] = [];
  private units: Unit[] = [];
  private bytes = 0;
  private readonly slots: Slot[] = [];
  private waiting: (() => void) | undefined;
  private failure: unknown;
  private emitting = false;
  private idle: NodeJS.Immediate | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly depth: number,
    private readonly emit: Emit,
  ) {}

  /** Adds bytes of `source`, starting at `line`, to check. */
  unit(source: Source, parts: readonly Uint8Array[], line: number): void {
    this.entries.push({ kind: 'unit', source });
    this.units.push({ parts, lines: source.lines, name: source.name, line });
    for (const part of parts) this.bytes += part.length;
  }

  /** Adds an input error, reported in its place; `source` when it was found while reading one. */
  error(error: InputError, source?: Source): void {
    this.entries.push({ kind: 'error', error, source });
  }

  /** Marks the end of a source. */
  end(source: Source): void {
    this.entries.push({ kind: 'end', source });
  }

  /**
   * Sends the batch on when it is full, or, when nothing is being checked, once the reader waits for
   * input (small files read one after another fill a batch first: a batch per file cost more than
   * its file); resolves once the pipeline can take more.
   */
  async ready(): Promise<void> {
    if (this.units.length >= batchUnits || this.bytes >= batchBytes) await this.send();
    else if (this.slots.length === 0) this.idle ??= setImmediate(this.whenIdle);
  }

  /** Sends what there is if nothing is being checked (else the batch checked last sends it when emitted). */
  private readonly whenIdle = () => {
    this.idle = undefined;
    if (this.slots.length === 0 && this.entries.length > 0) void this.send().catch((error) => this.fail(error));
  };

  /** Sends what is left and resolves once everything is emitted. */
  async finish(): Promise<void> {
    if (this.idle) clearImmediate(this.idle);
    this.idle = undefined;
    await this.send();
    while (this.slots.length > 0) await this.wait();
  }

  private async send(): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    while (this.slots.length >= this.depth) await this.wait();
    if (this.entries.length === 0) return;
    const slot: Slot = { entries: this.entries, checked: undefined };
    const units = this.units;
    this.entries = [];
    this.units = [];
    this.bytes = 0;
    this.slots.push(slot);
    const done = (checked: readonly Checked[]) => {
      slot.checked = checked;
      void this.drain();
    };
    if (units.length === 0) done([]);
    else this.pool.run(units).then(done, (error) => this.fail(error));
  }

  /** Emits the checked batches at the head of the queue, in order. */
  private async drain(): Promise<void> {
    if (this.emitting) return;
    this.emitting = true;
    try {
      for (let head = this.slots[0]; head?.checked; head = this.slots[0]) {
        await this.emit(head.entries, head.checked);
        this.slots.shift();
        this.wake();
      }
      // input that trickles in is not held back until a batch fills: idle, the pool takes what there is
      if (this.slots.length === 0 && this.entries.length > 0) void this.send().catch((error) => this.fail(error));
    } catch (error) {
      this.fail(error);
    } finally {
      this.emitting = false;
    }
  }

  private fail(error: unknown): void {
    this.failure ??= error;
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }

  private async wait(): Promise<void> {
    if (this.failure === undefined) await new Promise<void>((resolve) => (this.waiting = resolve));
    if (this.failure !== undefined) throw this.failure;
  }
}
