import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildShopTemplate } from './shop-server';

// Seeds the browser journeys' shop once per run; each file then starts on its own copy (startShopServer).
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tienda-e2e-template-'));
  try {
    await buildShopTemplate(dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('shopTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
