// --schema-dir: validate with schema files from a directory (official layout or a single schema.json).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWireValidator, revisionSchemaDocument } from '../../../harness/schema/index.js';
import { discoverResponse, unsupportedVersionError } from './messages-2026-07-28.js';
import { HAS_SPEC, NO_SPEC_REASON, SCHEMA_DIR, officialExamples } from './spec-data.js';

const skipNote = HAS_SPEC ? '' : ` (skipped: ${NO_SPEC_REASON})`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conform-schema-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function dirWith(name: string, file: string, content: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), content);
  return dir;
}

describe.skipIf(!HAS_SPEC)(`--schema-dir with the official files${skipNote}`, () => {
  it('validates with the official 2026-07-28 schema.json', () => {
    const official = createWireValidator('2026-07-28', { kind: 'dir', dir: SCHEMA_DIR });
    expect(official).not.toBe(createWireValidator('2026-07-28'));
    expect(createWireValidator('2026-07-28', { kind: 'dir', dir: SCHEMA_DIR + path.sep })).toBe(official);
    for (const e of officialExamples('2026-07-28')) expect(official.validate(e.def, e.value).valid, e.file).toBe(true);
    expect(official.validateServerMessage(discoverResponse, 'server/discover')).toEqual({
      def: 'DiscoverResultResponse',
      valid: true,
      issues: [],
    });
    expect(official.validateServerMessage(unsupportedVersionError).def).toBe(
      'JSONRPCErrorResponse+UnsupportedProtocolVersionError',
    );
  });

  it('validates with the official 2025-11-25 schema.json', () => {
    const official = createWireValidator('2025-11-25', { kind: 'dir', dir: SCHEMA_DIR });
    expect(official.hasDef('InitializeResult')).toBe(true);
    const init = {
      jsonrpc: '2.0',
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } },
    };
    expect(official.validateServerMessage(init, 'initialize')).toEqual({
      def: 'JSONRPCResultResponse+InitializeResult',
      valid: true,
      issues: [],
    });
  });

  it('accepts a single official schema.json only for its own revision', () => {
    const dir = dirWith(
      'single-official',
      'schema.json',
      fs.readFileSync(path.join(SCHEMA_DIR, '2025-11-25', 'schema.json'), 'utf8'),
    );
    expect(createWireValidator('2025-11-25', { kind: 'dir', dir }).hasDef('PingRequest')).toBe(true);
    expect(() => createWireValidator('2026-07-28', { kind: 'dir', dir })).toThrow(
      /for revision 2025-11-25, not 2026-07-28/,
    );
  });
});

describe('--schema-dir layouts and errors', () => {
  it('loads DIR/schema.json when its content is for the revision', () => {
    const dir = dirWith('single-ours', 'schema.json', JSON.stringify(revisionSchemaDocument('2026-07-28')));
    const validator = createWireValidator('2026-07-28', { kind: 'dir', dir });
    expect(validator.validateServerMessage(discoverResponse, 'server/discover')).toMatchObject({ valid: true });
    expect(() => createWireValidator('2025-11-25', { kind: 'dir', dir })).toThrow(/2025-11-25/);
  });

  it('loads DIR/<revision>/schema.json', () => {
    const dir = dirWith('layout', '2025-11-25/schema.json', JSON.stringify(revisionSchemaDocument('2025-11-25')));
    expect(createWireValidator('2025-11-25', { kind: 'dir', dir }).hasDef('Task')).toBe(true);
  });

  it('throws a clear error when the file is missing, unparsable or no schema', () => {
    expect(() => createWireValidator('2026-07-28', { kind: 'dir', dir: path.join(tmp, 'nowhere') })).toThrow(
      /no schema for 2026-07-28 \(looked for .*2026-07-28.schema\.json and .*schema\.json\)/,
    );
    const broken = dirWith('broken', '2026-07-28/schema.json', '{ not json');
    expect(() => createWireValidator('2026-07-28', { kind: 'dir', dir: broken })).toThrow(
      /Cannot read schema .*schema\.json/,
    );
    const noDefs = dirWith('nodefs', '2026-07-28/schema.json', '{"type":"object"}');
    expect(() => createWireValidator('2026-07-28', { kind: 'dir', dir: noDefs })).toThrow(/has no "\$defs"/);
  });
});
