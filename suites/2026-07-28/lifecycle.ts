// 2026-07-28 lifecycle: no handshake; server/discover tells versions and capabilities, and
// every request is judged on the protocol version it carries.
import { cheapRequest } from '../../harness/lifecycles/sample-requests.js';
import { defineArea } from '../../harness/checks/check.js';
import { expectError, expectHttpStatus, expectResult, expectThat, expectValid } from '../../harness/checks/expect.js';
import { PROTOCOL_VERSION_KEY } from '../../harness/lifecycles/meta.js';
import { isObject } from '../../harness/model.js';

const BOGUS_VERSION = '1900-01-01';

export default defineArea('2026-07-28', 'lifecycle', [
  {
    slug: 'discover-result',
    title: 'server/discover answers with a DiscoverResult',
    requirement:
      'Servers MUST implement server/discover; its result carries resultType "complete", supportedVersions (including the version of the request), capabilities, ttlMs and cacheScope.',
    level: 'MUST',
    spec: 'server/discover#discoverresult',
    catalog: ['VER-004', 'VER-005', 'VER-008'],
    async run(ctx) {
      const result = expectResult(await ctx.client.request('server/discover'));
      expectValid(ctx.schema, 'DiscoverResult', result, 'the server/discover result');
      const versions = result.supportedVersions as unknown[];
      expectThat(
        versions.includes('2026-07-28'),
        'supportedVersions does not list 2026-07-28, yet the server accepted a 2026-07-28 request',
        {
          expected: 'supportedVersions including "2026-07-28"',
          actual: versions,
        },
      );
    },
  },
  {
    slug: 'discover-unsupported-version',
    title: 'server/discover with an unknown protocol version gets UnsupportedProtocolVersion',
    requirement:
      'The version check covers server/discover too: a request for a version the server does not implement MUST get error -32022 (HTTP 400), which is how stdio clients tell a modern server.',
    level: 'MUST',
    spec: 'basic/transports/stdio#backward-compatibility',
    catalog: ['VER-003', 'STDIO-010'],
    async run(ctx) {
      const exchange = await ctx.client.request(
        'server/discover',
        {},
        { meta: { [PROTOCOL_VERSION_KEY]: BOGUS_VERSION } },
      );
      expectError(exchange, -32022);
      expectHttpStatus(exchange, 400);
    },
  },
  {
    slug: 'unsupported-version',
    title: 'An unsupported protocol version gets -32022 with data.supported and data.requested',
    requirement:
      'If the server does not implement the requested version it MUST answer UnsupportedProtocolVersionError (-32022) whose data lists the supported versions and echoes the requested one; on HTTP with status 400.',
    level: 'MUST',
    spec: 'basic/versioning#protocol-version-negotiation',
    catalog: ['VER-001', 'HTTP-012', 'HTTP-021'],
    async run(ctx) {
      const method = cheapRequest(ctx.profile, ctx.revision);
      const exchange = await ctx.client.request(method, {}, { meta: { [PROTOCOL_VERSION_KEY]: BOGUS_VERSION } });
      const error = expectError(exchange, -32022);
      expectHttpStatus(exchange, 400);
      const data = isObject(error.data) ? error.data : undefined;
      const supported = data?.supported;
      expectThat(
        Array.isArray(supported) && supported.length > 0 && supported.every((v) => typeof v === 'string'),
        'error.data.supported is not a non-empty array of version strings',
        {
          expected: 'data.supported: string[] (non-empty)',
          actual: error.data,
        },
      );
      expectThat(
        data?.requested === BOGUS_VERSION,
        `error.data.requested is not the requested version ${BOGUS_VERSION}`,
        {
          expected: { requested: BOGUS_VERSION },
          actual: error.data,
        },
      );
    },
  },
  {
    slug: 'unsupported-version-matches-discover',
    title: 'The versions named in -32022 are the ones server/discover advertises',
    requirement:
      'data.supported of UnsupportedProtocolVersionError and supportedVersions of server/discover describe the same server, so they should list the same versions (inferred).',
    level: 'SHOULD',
    spec: 'basic/versioning#protocol-version-negotiation',
    catalog: ['VER-002'],
    async run(ctx) {
      const discovered = expectResult(await ctx.client.request('server/discover')).supportedVersions;
      const exchange = await ctx.client.request(
        'server/discover',
        {},
        { meta: { [PROTOCOL_VERSION_KEY]: BOGUS_VERSION } },
      );
      const error = expectError(exchange, -32022);
      const supported = isObject(error.data) ? error.data.supported : undefined;
      const asSet = (value: unknown) => (Array.isArray(value) ? [...new Set(value.map(String))].sort() : []);
      expectThat(
        Array.isArray(discovered) &&
          Array.isArray(supported) &&
          JSON.stringify(asSet(discovered)) === JSON.stringify(asSet(supported)),
        'data.supported differs from server/discover supportedVersions',
        { expected: asSet(discovered), actual: supported },
      );
      expectThat(asSet(discovered).includes('2026-07-28'), 'server/discover does not list 2026-07-28', {
        expected: '2026-07-28 listed',
        actual: discovered,
      });
    },
  },
]);
