import type { Measured } from './measure.js';

export interface DialectRun {
  dialect: 'sqlite' | 'postgres';
  calls: Measured[];
  notes: string[];
  seedMs: number;
  /** The shop's resident memory once started and idle, before any call, MB. */
  idleRssMb: number;
  /** The product page and paged search on a catalogue of 1,000 products (the growth budget). */
  growthFrom?: Measured[];
  /** The API JSON of /tienda's first screen, brotli bytes. */
  firstVisitBytes?: number;
}

export interface Budget {
  dialect: string;
  text: string;
  met: boolean;
  actual: string;
}

const STOREFRONT_READS = [
  'GET /api/Product/{id}',
  'GET /api/Product/featured',
  'POST /api/Product/search 1%',
  'POST /api/Product/search typo',
];

const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));
const padLeft = (text: string, width: number) => (text.length >= width ? text : ' '.repeat(width - text.length) + text);

export function printTable(run: DialectRun): void {
  const header = [
    'llamada',
    'req/s',
    'vacía',
    '×vacía',
    'p50 ms',
    'p99 ms',
    'p99×vacía',
    'no-2xx',
    '304',
    'err/t-o',
    'RSS MB',
    'B/resp',
    'CPU µs',
  ];
  const widths = [40, 7, 7, 7, 7, 7, 9, 7, 6, 8, 7, 9, 8];
  const row = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? pad(cell, widths[i]!) : padLeft(cell, widths[i]!))).join(' ');
  console.log(`\n== ${run.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ==`);
  console.log(row(header));
  for (const call of run.calls) {
    const base = call.baseline!;
    console.log(
      row([
        call.name,
        call.rps.toFixed(0),
        base.rps.toFixed(0),
        `${((100 * call.rps) / base.rps).toFixed(1)}%`,
        call.p50.toFixed(1),
        call.p99.toFixed(1),
        `${(call.p99 / Math.max(base.p99, 1)).toFixed(1)} (${base.p99})`,
        String(call.non2xx),
        String(call.notModified),
        `${call.errors}/${call.timeouts}`,
        call.rssMb.toFixed(0),
        call.bytesPerAnswer.toFixed(0),
        call.cpuMicros.toFixed(0),
      ]),
    );
  }
  for (const call of run.growthFrom ?? []) {
    console.log(
      `  · con 1.000 productos, ${call.name}: ${call.rps.toFixed(0)} req/s (vacía ${call.baseline!.rps.toFixed(0)}), ` +
        `p50 ${call.p50} ms, p99 ${call.p99} ms, ${call.cpuMicros.toFixed(0)} µs de CPU por respuesta`,
    );
  }
  console.log(`  · RSS en reposo tras arrancar: ${run.idleRssMb.toFixed(0)} MB`);
  for (const note of run.notes) console.log(`  · ${note}`);
}

export function evaluateBudgets(run: DialectRun): Budget[] {
  const byName = new Map(run.calls.map((call) => [call.name, call]));
  const budgets: Budget[] = [];
  const ratio = (name: string, minimum: number) => {
    const call = byName.get(name);
    const share = call ? call.rps / call.baseline!.rps : 0;
    budgets.push({
      dialect: run.dialect,
      text: `${name} ≥ ${(minimum * 100).toFixed(0)} % de la ruta vacía`,
      met: share >= minimum,
      actual: `${(share * 100).toFixed(1)} %`,
    });
  };
  ratio('GET /api/Product/{id}', 0.5);
  ratio('GET /api/Product/featured', 0.4);
  ratio('POST /api/Product/search 1%', 0.2);
  ratio('POST /api/Product/search typo', 0.1);
  ratio('POST /api/Order/', run.dialect === 'sqlite' ? 0.05 : 0.03);
  // The empty route's p99 counts as at least 1 ms, so a sub-millisecond baseline does not make 5× absurd.
  for (const name of STOREFRONT_READS) {
    const call = byName.get(name);
    const baseP99 = Math.max(call?.baseline?.p99 ?? 0, 1);
    budgets.push({
      dialect: run.dialect,
      text: `${name}: p99 ≤ 5× el p99 de la ruta vacía`,
      met: call !== undefined && call.p99 <= 5 * baseP99,
      actual: call ? `${call.p99} ms vs ${baseP99} ms = ${(call.p99 / baseP99).toFixed(1)}×` : 'sin medir',
    });
  }
  const failures = run.calls.filter((call) => call.non2xx + call.errors + call.timeouts > 0);
  budgets.push({
    dialect: run.dialect,
    text: 'cero respuestas no-2xx, errores y time-outs (304 aparte)',
    met: failures.length === 0,
    actual:
      failures.length === 0
        ? '0'
        : failures.map((call) => `${call.name}: ${call.non2xx}/${call.errors}/${call.timeouts}`).join('; '),
  });
  const peakRss = Math.max(...run.calls.map((call) => call.rssMb));
  budgets.push(
    {
      dialect: run.dialect,
      text: 'RSS en reposo ≤ 200 MB',
      met: run.idleRssMb <= 200,
      actual: `${run.idleRssMb.toFixed(0)} MB`,
    },
    {
      dialect: run.dialect,
      text: 'RSS durante el benchmark ≤ 400 MB',
      met: peakRss <= 400,
      actual: `${peakRss.toFixed(0)} MB`,
    },
  );
  if (run.firstVisitBytes !== undefined) {
    budgets.push({
      dialect: run.dialect,
      text: 'JSON de la API en la primera visita a /tienda ≤ 60 KB (comprimido)',
      met: run.firstVisitBytes <= 60 * 1024,
      actual: `${(run.firstVisitBytes / 1024).toFixed(1)} KB`,
    });
  }
  // CPU per answer, not req/s: it moves least with whatever else the machine is doing between the two runs.
  for (const small of run.growthFrom ?? []) {
    const large = byName.get(small.name);
    const growth = large ? large.cpuMicros / small.cpuMicros : Number.POSITIVE_INFINITY;
    budgets.push({
      dialect: run.dialect,
      text: `${small.name}: de 1.000 a 50.000 productos crece < 3×`,
      met: growth < 3,
      actual: `${small.cpuMicros.toFixed(0)} → ${large?.cpuMicros.toFixed(0) ?? '?'} µs de CPU = ${growth.toFixed(2)}×`,
    });
  }
  const idle = byName.get('GET /api/health (en reposo)');
  const storm = [...byName.values()].find((call) => call.name.startsWith('GET /api/health (') && call !== idle);
  if (idle && storm) {
    const idleP99 = Math.max(idle.p99, 1);
    budgets.push({
      dialect: run.dialect,
      text: 'GET /api/health: p99 durante 20 logins ≤ 3× su p99 en reposo',
      met: storm.p99 <= 3 * idleP99,
      actual: `${storm.p99} ms vs ${idle.p99} ms = ${(storm.p99 / idleP99).toFixed(1)}×`,
    });
  }
  return budgets;
}

export function printBudgets(budgets: Budget[]): void {
  console.log('\n== Presupuestos ==');
  for (const budget of budgets) {
    console.log(`${budget.met ? 'cumple   ' : 'NO cumple'}  [${budget.dialect}] ${budget.text}: ${budget.actual}`);
  }
  const missed = budgets.filter((budget) => !budget.met).length;
  console.log(`\n${budgets.length - missed} de ${budgets.length} presupuestos cumplidos`);
}
