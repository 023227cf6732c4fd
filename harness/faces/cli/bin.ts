#!/usr/bin/env node
// Entry point of the `mcp-conform` binary.
import { killAllGroupsNow } from '../../transports/process-groups.js';
import { EXIT_HARNESS_ERROR, internalErrorText } from './exit-codes.js';
import { main } from './main.js';

// A reader that stops early (`mcp-conform list | head -3`) closes the pipe: stop writing, quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stream.write = () => true;
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    killAllGroupsNow();
    process.stderr.write(`mcp-conform: internal error: ${internalErrorText(error)}\n`);
    process.exitCode = EXIT_HARNESS_ERROR;
  },
);
