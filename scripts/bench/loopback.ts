// Preload for servers that listen on every interface: pins listen() to 127.0.0.1, because
// servers we start for benchmarks bind loopback only.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function patched(this: net.Server, ...args: unknown[]) {
  if (typeof args[0] === 'number' || typeof args[0] === 'string') {
    const [port, ...rest] = args;
    const host = typeof rest[0] === 'string' ? [] : ['127.0.0.1'];
    return listen.apply(this, [port, ...host, ...rest] as never);
  }
  if (typeof args[0] === 'object' && args[0] !== null && !('host' in (args[0] as object))) {
    return listen.apply(this, [{ ...(args[0] as object), host: '127.0.0.1' }, ...args.slice(1)] as never);
  }
  return listen.apply(this, args as never);
} as typeof net.Server.prototype.listen;
