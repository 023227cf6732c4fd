// 2025-11-25 lifecycle: the initialize / initialized handshake, version negotiation, ping.
import { defineArea } from '../../harness/checks/check.js';
import { errorOf, expectResult, expectThat, expectValid, observed } from '../../harness/checks/expect.js';
import { LEGACY_VERSION } from '../../harness/lifecycles/session-client.js';

const BOGUS_VERSION = '1900-01-01';

export default defineArea('2025-11-25', 'lifecycle', [
  {
    slug: 'initialize-result',
    title: 'initialize is answered with the requested version, capabilities and serverInfo',
    requirement:
      'The server MUST respond to initialize with its capabilities and information; if it supports the requested protocol version it MUST respond with the same version.',
    level: 'MUST',
    spec: 'basic/lifecycle#initialization',
    catalog: ['LIFE-001', 'VER-001'],
    connection: 'fresh-uninitialized',
    async run(ctx) {
      const result = expectResult(await ctx.client.initialize());
      expectValid(ctx.schema, 'InitializeResult', result, 'the initialize result');
      expectThat(result.protocolVersion === LEGACY_VERSION, `initialize for ${LEGACY_VERSION} was answered with ${JSON.stringify(result.protocolVersion)}`, {
        expected: { protocolVersion: LEGACY_VERSION },
        actual: { protocolVersion: result.protocolVersion },
      });
    },
  },
  {
    slug: 'version-negotiation',
    title: 'initialize with an unsupported version still succeeds, with a version the server supports',
    requirement:
      'If the server does not support the requested version it MUST respond with another protocol version it supports (SHOULD be its latest) — a result, not an error.',
    level: 'MUST',
    spec: 'basic/lifecycle#version-negotiation',
    catalog: ['VER-002'],
    connection: 'fresh-uninitialized',
    async run(ctx) {
      const exchange = await ctx.client.initialize(ctx.client.initializeParams({ protocolVersion: BOGUS_VERSION }));
      if (errorOf(exchange)) {
        // The lifecycle page's own Error Handling example answers this case with -32602.
        ctx.warn('initialize with an unsupported version was answered with an error; the normative text asks for a result with a supported version, though the spec page\'s example shows this error', {
          expected: 'a result naming a supported protocolVersion',
          actual: observed(exchange),
        });
      }
      const result = expectResult(exchange);
      expectThat(typeof result.protocolVersion === 'string' && result.protocolVersion !== BOGUS_VERSION, `the server echoed the unsupported version ${BOGUS_VERSION}`, {
        expected: 'a protocolVersion the server supports',
        actual: { protocolVersion: result.protocolVersion },
      });
    },
  },
  {
    slug: 'ping',
    title: 'ping is answered with an empty result',
    requirement: 'The receiver of a ping MUST respond promptly with an empty result.',
    level: 'MUST',
    spec: 'basic/utilities/ping#behavior-requirements',
    catalog: ['PING-001'],
    async run(ctx) {
      const result = expectResult(await ctx.client.request('ping'));
      const keys = Object.keys(result).filter((key) => key !== '_meta');
      expectThat(keys.length === 0, `the ping result is not empty: it has ${keys.join(', ')}`, { expected: {}, actual: result });
    },
  },
]);
