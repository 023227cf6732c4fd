#!/usr/bin/env node
// Entry point of the `mcp-conform` binary.
import { killAllGroupsNow } from '../transports/process-groups.js';
import { main } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    killAllGroupsNow();
    process.stderr.write(`mcp-conform: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
