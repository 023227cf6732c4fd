// Loopback names: where a local server lives, and the only hosts besides its own origin the
// harness calls on a server's word unless the user allows more (--auth-follow).

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** localhost, 127.0.0.0/8 or [::1], as URL.hostname writes them. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname);
}

/** The URL names a loopback host; false when it is not a URL. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
