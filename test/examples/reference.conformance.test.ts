// How an SDK author runs mcp-conform inside their own vitest suite (shown in the README):
// one line per server, each check becomes a vitest test. A few areas of each revision show the
// integration; the reference server's whole run is judged in test/system/reference-server.test.ts.
import { describeConformance } from 'mcp-conform/vitest';
import { builtFixture } from '../helpers/fixture-process.js';

describeConformance('reference server over stdio', {
  target: { stdio: [process.execPath, builtFixture('fixtures/reference-server/main.ts'), '--stdio'] },
  revisions: ['2026-07-28', '2025-11-25'],
  checks: ['2026-07-28/tools', '2026-07-28/logging', '2025-11-25/lifecycle', '2025-11-25/tools'],
});
