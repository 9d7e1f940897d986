import autocannon from 'autocannon';
import { rssMb, threadStates, waitIdle } from './processes.js';

export const CONNECTIONS = 50;
/** Seconds per measured call, after WARM_UP_SECONDS of the same call. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Seconds of the call before it is measured. V8 optimises a call's code on its helper threads while the call runs:
 * after one second of orders they were still compiling through most of the measured window, a third of the
 * server's core (docs/decisions/0012-…, amendment of 2026-11-27). The shop runs for days; the bench measures it warm.
 */
export const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);

// What a phone's browser sends: the shop answers compressed (@fastify/compress), so bytes are what it pays.
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

export interface CallSpec {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Per-request changes (a random id, this connection's token); `context` lives as long as the connection. */
  setupRequest?: (request: autocannon.Request, context: Record<string, unknown>) => autocannon.Request;
  connections?: number;
  seconds?: number;
  /** Seconds before a request counts as a time-out. */
  timeout?: number;
  /** false: no warm-up run (a call so heavy that one round of it is warm-up enough). */
  warmUp?: boolean;
  /**
   * The warm-up's own per-request changes, when the measured requests must not find what the warm-up left kept
   * (the product page warms up on a tenth of the catalogue, as many products as one second of it used to keep).
   */
  warmUpRequest?: CallSpec['setupRequest'];
  /** false: do not wait for the server to go idle (it is kept busy on purpose, e.g. by a login storm). */
  settle?: boolean;
}

export interface Measured {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** 304 answers, reported apart: the revalidation calls expect them. */
  notModified: number;
  errors: number;
  timeouts: number;
  /** Peak resident memory of the server during the call, MB. */
  rssMb: number;
  /** Bytes on the wire per answer, headers included. */
  bytesPerAnswer: number;
  /**
   * The server's CPU time per answer (all its threads, GC and libuv's pool included), in microseconds. Unlike
   * req/s it hardly moves when other work on a shared machine takes the server's core away.
   */
  cpuMicros: number;
  /** Answers during the warm-up (the server logged them too). */
  warmUpRequests: number;
  /** The empty route, measured just before this call (the machine's load drifts; ratios compare neighbours). */
  baseline?: Measured;
}

/**
 * Every answer's latency, in milliseconds with their fractions. autocannon's own histogram keeps whole milliseconds
 * (it truncates), so on a fast hour an empty route's 1.9 ms p99 read as 1 ms and a call's budget of 5× it as 5 ms.
 */
class LatencyRecorder {
  private values = new Float64Array(1 << 16);
  private count = 0;

  record(milliseconds: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = milliseconds;
  }

  /** Nearest-rank percentiles (0 < p ≤ 1), each rounded to a tenth of a millisecond. */
  percentiles(...ps: number[]): number[] {
    const sorted = this.values.subarray(0, this.count).sort();
    return ps.map((p) =>
      this.count === 0 ? 0 : Math.round(10 * sorted[Math.max(0, Math.ceil(p * this.count) - 1)]!) / 10,
    );
  }
}

async function run(spec: CallSpec, seconds: number): Promise<autocannon.Result & { p50: number; p99: number }> {
  const latencies = new LatencyRecorder();
  const options: autocannon.Options = {
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: { ...BROWSER_HEADERS, ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
    body: spec.body,
    requests: spec.setupRequest
      ? [{ path: spec.path, setupRequest: spec.setupRequest as autocannon.Request['setupRequest'] }]
      : [{ path: spec.path }],
    connections: spec.connections ?? CONNECTIONS,
    duration: seconds,
    timeout: spec.timeout ?? 10,
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    // As autocannon's histogram does by default, every answer counts, whatever its status.
    instance.on('response', (_client, _status, _bytes, milliseconds) => latencies.record(milliseconds));
  });
  const [p50, p99] = latencies.percentiles(0.5, 0.99);
  return { ...result, p50: p50!, p99: p99! };
}

/** Warms the call up for WARM_UP_SECONDS, then measures it for `seconds` while sampling the server's memory. */
export async function measure(spec: CallSpec, serverPid: number): Promise<Measured> {
  const settle = () => (spec.settle === false ? Promise.resolve() : waitIdle(serverPid));
  const warmUp =
    spec.warmUp === false
      ? undefined
      : await run({ ...spec, setupRequest: spec.warmUpRequest ?? spec.setupRequest }, WARM_UP_SECONDS);
  await settle();
  let peak = rssMb(serverPid);
  const sampler = setInterval(() => {
    const now = rssMb(serverPid);
    if (now > peak) peak = now;
  }, 200);
  let result: Awaited<ReturnType<typeof run>>;
  const ticksBefore = threadStates(serverPid).ticks;
  try {
    result = await run(spec, spec.seconds ?? SECONDS);
  } finally {
    clearInterval(sampler);
  }
  // Clock ticks are 10 ms; answers still in progress when autocannon stops are few against thousands.
  const ticks = threadStates(serverPid).ticks - ticksBefore;
  await settle();
  const notModified = result.statusCodeStats?.['304']?.count ?? 0;
  // Every answer counted by its status (requests.total leaves out the last, partial second).
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    name: spec.name,
    requests: answered,
    rps: answered / (result.duration || 1),
    p50: result.p50,
    p99: result.p99,
    non2xx: result.non2xx - notModified,
    notModified,
    errors: result.errors,
    timeouts: result.timeouts,
    rssMb: peak,
    bytesPerAnswer: answered > 0 ? result.throughput.total / answered : 0,
    warmUpRequests: warmUp?.requests.total ?? 0,
    cpuMicros: answered > 0 ? (ticks * 10_000) / answered : 0,
  };
}
