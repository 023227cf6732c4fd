// How an SDK author runs mcp-conform inside their own vitest suite (shown in the README):
// one line per server, each check becomes a vitest test.
import { describeConformance } from 'mcp-conform/vitest';
import { builtFixture } from '../helpers/fixture-process.js';

describeConformance('reference server over stdio', {
  target: { stdio: [process.execPath, builtFixture('fixtures/reference-server/main.ts'), '--stdio'] },
  revisions: ['2026-07-28', '2025-11-25'],
});
