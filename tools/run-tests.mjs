#!/usr/bin/env node
// `npm test`: lint, typecheck and build side by side, each printed as one block when it ends, then Vitest live.
// Arguments go to Vitest (`npm test -- --project api`); the exit code is 1 if any step failed (docs/decisions/0016).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = performance.now();
const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

/** Runs one command; `live` streams its output, otherwise it is printed in one block when the command ends. */
function run(name, command, args, { live = false } = {}) {
  const from = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      // Keep colours in the buffered blocks when the terminal has them.
      env: live || !process.stdout.isTTY ? process.env : { FORCE_COLOR: '1', ...process.env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const ok = code === 0;
      const took = seconds(from);
      if (!live)
        process.stdout.write(`\n── ${name}: ${ok ? 'ok' : 'FAILED'} (${took}) ──\n${Buffer.concat(output).toString()}`);
      resolve({ name, ok, took });
    });
  });
}

const npmRun = (...args) => ['run', '--silent', ...args];
// Lint, typecheck and build do not depend on each other. Vitest waits for all three rather than only the build: run
// next to them it left CPU-bound component tests short of the 2 cores (docs/decisions/0016-test-speed.md).
const checks = await Promise.all([
  run('lint', npm, npmRun('lint')),
  run('typecheck', npm, npmRun('typecheck')),
  run('build', npm, npmRun('build:test')),
]);
const steps = [...checks];
if (checks.find((step) => step.name.startsWith('build'))?.ok) {
  process.stdout.write('\n── vitest ──\n');
  const vitest = [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)];
  steps.push(await run('vitest', process.execPath, vitest, { live: true }));
}

process.stdout.write(`\n── npm test: ${seconds(started)} ──\n`);
for (const step of steps) process.stdout.write(`  ${step.ok ? 'ok    ' : 'FAILED'} ${step.name} (${step.took})\n`);
process.exitCode = steps.every((step) => step.ok) ? 0 : 1;
