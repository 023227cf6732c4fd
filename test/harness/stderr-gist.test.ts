// A server that dies at start is reported by the line that names its error, not by the last
// lines of its stack trace.
import { describe, expect, test } from 'vitest';
import { stderrGist } from '../../harness/stderr-gist.js';

const NODE_MISSING_MODULE = `node:internal/modules/cjs/loader:1210
  throw err;
  ^

Error: Cannot find module '/srv/build/server.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)
    at Module._load (node:internal/modules/cjs/loader:1038:27)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2
`;

describe('stderrGist', () => {
  test("Node's missing module: the Error line, without frames, error members or the version banner", () => {
    expect(stderrGist(NODE_MISSING_MODULE)).toBe("Error: Cannot find module '/srv/build/server.js'");
  });

  test("Python's traceback: the exception line", () => {
    const text =
      'Traceback (most recent call last):\n  File "server.py", line 3, in <module>\n    import mcp\nModuleNotFoundError: No module named \'mcp\'\n';
    expect(stderrGist(text)).toBe("ModuleNotFoundError: No module named 'mcp'");
  });

  test('a thrown TypeError among log lines keeps the error, not the logs around it', () => {
    const text =
      'starting server v1.2\nloading config\nfile:///srv/server.mjs:4\nTypeError: config.port is not a function\n    at file:///srv/server.mjs:4:15\n\nNode.js v22.1.0\n';
    expect(stderrGist(text)).toBe('TypeError: config.port is not a function');
  });

  test('a Rust panic and a fatal log line are errors too', () => {
    expect(
      stderrGist(
        "thread 'main' panicked at src/main.rs:9:5:\nno config\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
      ),
    ).toBe("thread 'main' panicked at src/main.rs:9:5:");
    expect(stderrGist('fatal: configuration file ./server.toml not found\n')).toBe(
      'fatal: configuration file ./server.toml not found',
    );
  });

  test('without an error-naming line, the last three meaningful lines', () => {
    expect(stderrGist('one\ntwo\nthree\nfour\n')).toBe('two | three | four');
  });

  test('long text is cut to the limit', () => {
    expect(stderrGist(`Error: ${'x'.repeat(400)}`, 50)).toHaveLength(50);
  });
});
