// The Host check judges only servers reached on a loopback address, where a foreign Host can only be a rebinding.
import { expect, test } from 'vitest';
import type { Client } from '../../harness/lifecycles/client.js';
import { isLoopbackTarget } from '../../suites/shared/host-header.js';

const at = (endpoint: string | undefined) => ({ endpoint }) as unknown as Client;

test('loopback endpoints: localhost, 127.0.0.0/8 and [::1], with any port', () => {
  for (const url of [
    'http://localhost:3000/mcp',
    'http://127.0.0.1:8080/mcp',
    'http://127.1.2.3/mcp',
    'http://[::1]:9/mcp',
  ])
    expect(isLoopbackTarget(at(url)), url).toBe(true);
});

test('remote endpoints, look-alike names and stdio are not judged', () => {
  for (const url of [
    'https://mcp.example.com/mcp',
    'http://10.0.0.5:3000/mcp',
    'http://localhost.example.com/mcp',
    'http://127.0.0.1.nip.io/mcp',
    undefined,
  ])
    expect(isLoopbackTarget(at(url)), String(url)).toBe(false);
});
