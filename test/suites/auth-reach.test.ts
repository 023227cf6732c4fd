// Where the auth checks may call on a server's word: the target's origin and loopback, anywhere
// else only with --auth-follow; and where they look for an authorization server's metadata.
import { describe, expect, test } from 'vitest';
import type { Client } from '../../harness/lifecycles/client.js';
import { withinReach } from '../../suites/shared/auth.js';
import { metadataUrls } from '../../suites/shared/auth-server-metadata.js';
import { authPlan } from '../../harness/faces/cli/auth-options.js';

const reachOf = (endpoint: string, authFollow?: boolean) => ({ client: { endpoint } as Client, authFollow });

describe('withinReach', () => {
  test('the target origin and loopback hosts are called; another host only with --auth-follow', () => {
    const remote = reachOf('https://mcp.example.com/mcp');
    expect(withinReach('https://mcp.example.com/.well-known/oauth-protected-resource', remote)).toBe(true);
    expect(withinReach('http://127.0.0.1:4455', remote)).toBe(true);
    expect(withinReach('http://[::1]:4455/issuer', remote)).toBe(true);
    expect(withinReach('http://localhost:4455', remote)).toBe(true);
    expect(withinReach('https://auth.example.com', remote)).toBe(false);
    expect(withinReach('https://mcp.example.com:8443/x', remote)).toBe(false);
    expect(withinReach('not a url', remote)).toBe(false);
    expect(withinReach('https://auth.example.com', reachOf('https://mcp.example.com/mcp', true))).toBe(true);
  });
});

describe('metadataUrls', () => {
  test('an issuer with a path: RFC 8414 insertion, then OpenID Connect insertion, then appending', () => {
    expect(metadataUrls('https://auth.example.com/tenant1')).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server/tenant1',
      'https://auth.example.com/.well-known/openid-configuration/tenant1',
      'https://auth.example.com/tenant1/.well-known/openid-configuration',
    ]);
  });

  test('an issuer without a path (a trailing slash is no path): RFC 8414, then OpenID Connect', () => {
    const expected = [
      'https://auth.example.com/.well-known/oauth-authorization-server',
      'https://auth.example.com/.well-known/openid-configuration',
    ];
    expect(metadataUrls('https://auth.example.com')).toEqual(expected);
    expect(metadataUrls('https://auth.example.com/')).toEqual(expected);
  });
});

describe('--auth-follow', () => {
  test('is a plan of its own, and rides along with tokens or the embedded server', () => {
    expect(authPlan({})).toBeUndefined();
    expect(authPlan({ 'auth-follow': true })).toEqual({ follow: true });
    expect(authPlan({ 'auth-follow': true, 'auth-token': 'abc' })?.follow).toBe(true);
    expect(authPlan({ 'auth-follow': true, 'auth-server': 'embedded' })?.follow).toBe(true);
    expect(authPlan({ 'auth-token': 'abc' })?.follow).toBeUndefined();
  });
});
