/**
 * Group commit (docs/decisions/0032-orders-placed-together.md): requests that arrive together are written together,
 * in one transaction, instead of one transaction each. Each still gets its own answer: `writeBatch` returns, for
 * each input in order, its result or the Error that request alone should see (a 409 naming its item, say), and the
 * others are unaffected.
 *
 * One batch runs at a time. The first request of a quiet moment waits for the end of the current turn of the event
 * loop (setImmediate), so everything that arrived in the same read from the sockets goes with it; requests that
 * arrive while a batch is being written form the next one. Nothing waits on a timer.
 *
 * If `writeBatch` itself throws (the database failed, or one request tripped a constraint), each request of that
 * batch is written again alone: one request's trouble never becomes another's, and the error a request then sees is
 * exactly the one it would have seen alone.
 */
interface Waiting<Input, Result> {
  input: Input;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<Input, Result> {
  readonly #waiting: Array<Waiting<Input, Result>> = [];
  #writing = false;

  constructor(
    private readonly writeBatch: (inputs: Input[]) => Promise<Array<Result | Error>>,
    /** A batch's size bound: its statements (and their parameter lists) stay small. */
    private readonly maxBatch = 64,
  ) {}

  submit(input: Input): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.#waiting.push({ input, resolve, reject });
      if (this.#writing) return;
      this.#writing = true;
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#waiting.length > 0) await this.#write(this.#waiting.splice(0, this.maxBatch));
    } finally {
      this.#writing = false;
    }
  }

  async #write(batch: Array<Waiting<Input, Result>>): Promise<void> {
    let outcomes: Array<Result | Error>;
    try {
      outcomes = await this.writeBatch(batch.map((entry) => entry.input));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const entry of batch) await this.#write([entry]);
      return;
    }
    batch.forEach((entry, i) => {
      const outcome = outcomes[i]!;
      if (outcome instanceof Error) entry.reject(outcome);
      else entry.resolve(outcome);
    });
  }
}
