#!/usr/bin/env node
// Entry point of the `mcp-conform` binary.
import { killAllGroupsNow } from '../../transports/process-groups.js';
import { EXIT_HARNESS_ERROR, internalErrorText } from './exit-codes.js';
import { main } from './main.js';
import { governMemory } from './memory-governor.js';

// A reader that stops early (`mcp-conform list | head -3`) closes the pipe: stop writing, quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stream.write = () => true;
  });
}

// MCP_CONFORM_NO_MEMORY_GOVERNOR=1 leaves collection to V8 alone (to compare, or if its pauses matter).
if (process.env.MCP_CONFORM_NO_MEMORY_GOVERNOR !== '1') governMemory();

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
