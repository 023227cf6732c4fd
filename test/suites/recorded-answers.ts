// Builds the exchanges a check sees from answers recorded off a real server.
import type { JsonObject } from '../../harness/model.js';
import type { Exchange } from '../../harness/transports/types.js';

export interface RecordedAnswer {
  status?: number;
  response?: JsonObject;
}

/** The exchange a client returns for this recorded answer (HTTP when it has a status). */
export function exchangeOf(
  answer: RecordedAnswer,
  connection = answer.status === undefined ? 'stdio#1' : 'http#1',
): Exchange {
  const response = answer.response;
  return {
    connection,
    id: response?.id as Exchange['id'],
    response,
    notifications: [],
    messages: response ? [response] : [],
    timedOut: false,
    durationMs: 1,
    http:
      answer.status === undefined
        ? undefined
        : {
            status: answer.status,
            headers: {},
            contentType: 'application/json',
            bodyKind: response ? 'json' : 'empty',
          },
  };
}

/** A stdio client's plumbing for a fake server: `request` answers as the test says; ids count from 2. */
export function fakeStdioClient<C>(
  request: (method: string, params: unknown, options: never, nextId: () => number) => Promise<Exchange>,
): C {
  let next = 1;
  const connection = { name: 'stdio#1' };
  const nextId = () => ++next;
  return {
    transport: 'stdio',
    connection,
    connectionName: connection.name,
    nextId,
    notify: async () => undefined,
    close: async () => undefined,
    request: (method: string, params: unknown, options: never) => request(method, params, options, nextId),
  } as unknown as C;
}
