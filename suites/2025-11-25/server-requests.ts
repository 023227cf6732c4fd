// 2025-11-25 requests the server sends the client, and what surrounds them: a client declaring
// every capability uses the server's features, answers what it is asked, and the traffic is
// judged (tool use in sampling, URL elicitation ids, -32042 errors, on HTTP the 202 for answers).
import { defineArea } from '../../harness/checks/check.js';
import { expectThat, observed } from '../../harness/checks/expect.js';
import { isObject, type JsonObject } from '../../harness/model.js';
import { proveRead } from '../shared/barrier.js';
import { readNoAnswer } from '../shared/unanswered.js';
import { where } from '../shared/wire-pairs.js';
import { serverMessagesSince, sessionEntries, type Ctx } from './kit/helpers.js';
import { sensitiveFormFields, unsafeUrlProblems } from '../shared/elicitation-safety.js';
import { toolConversation, toolRuleBroken } from '../shared/sampling-tools.js';
import {
  elicitationIdsIn,
  elicitationsOfRun,
  temptedSession,
  URL_ELICITATION_REQUIRED,
} from './kit/server-request-helpers.js';

const MAX_LISTED = 5;

/** Every -32042 error of the run's sessions, with whether that session's initialize declared URL elicitation. */
function urlElicitationErrors(
  ctx: Ctx,
): Array<{ error: JsonObject; declaredUrl: boolean; at: ReturnType<typeof where> }> {
  const declared = new Map<string, unknown>();
  const found: Array<{ error: JsonObject; declaredUrl: boolean; at: ReturnType<typeof where> }> = [];
  for (const entry of sessionEntries(ctx)) {
    const message = entry.kind === 'message' && isObject(entry.message) ? entry.message : undefined;
    if (!message) continue;
    if (entry.direction === 'client->server' && message.method === 'initialize' && isObject(message.params))
      declared.set(entry.connection, message.params.capabilities);
    const error = entry.direction === 'server->client' && isObject(message.error) ? message.error : undefined;
    if (error?.code !== URL_ELICITATION_REQUIRED) continue;
    const caps = declared.get(entry.connection);
    const declaredUrl = isObject(caps) && isObject(caps.elicitation) && isObject(caps.elicitation.url);
    found.push({ error, declaredUrl, at: where(entry) });
  }
  return found;
}

/** data.elicitations: a non-empty list of URL-mode elicitations, each with an elicitationId. */
function listsUrlElicitations(data: unknown): boolean {
  const list = isObject(data) && Array.isArray(data.elicitations) ? data.elicitations : [];
  return (
    list.length > 0 &&
    list.every((item) => isObject(item) && item.mode === 'url' && typeof item.elicitationId === 'string')
  );
}

export default defineArea('2025-11-25', 'server-requests', [
  {
    slug: 'sampling-tool-messages',
    title: 'In sampling, each tool_use is answered next by a user message of tool_result blocks only',
    requirement:
      'A user message containing tool results MUST contain only tool results, and every assistant message containing tool_use blocks MUST be followed by a user message consisting entirely of tool_result blocks that match each tool use by toolUseId, before any other message.',
    level: 'MUST',
    spec: 'client/sampling#message-content-constraints',
    catalog: ['SAMP-002'],
    async run(ctx) {
      const { requests } = await temptedSession(ctx);
      const conversations = requests
        .map(toolConversation)
        .filter((messages): messages is JsonObject[] => messages !== undefined);
      if (conversations.length === 0)
        ctx.skip(
          'the server sent no sampling/createMessage with tool use or tool results to a client declaring sampling.tools',
        );
      for (const messages of conversations) {
        const broken = toolRuleBroken(messages);
        expectThat(broken === undefined, `a sampling/createMessage breaks the tool rules: ${broken}`, {
          expected: 'tool_use answered by tool_result-only user messages',
          actual: messages,
        });
      }
    },
  },
  {
    slug: 'elicitation-complete-known',
    title: 'notifications/elicitation/complete names a URL elicitation the server started with this client',
    requirement:
      'Servers sending notifications/elicitation/complete MUST only send it to the client that initiated the elicitation and MUST include the elicitationId established in the original request (a URL-mode elicitation/create, or the -32042 error that listed it).',
    level: 'MUST',
    spec: 'client/elicitation#completion-notifications-for-url-mode-elicitation',
    catalog: ['ELIC-004'],
    async run(ctx) {
      const { client, mark } = await temptedSession(ctx);
      const known = new Set<string>();
      const completions: JsonObject[] = [];
      const stray: JsonObject[] = [];
      for (const message of serverMessagesSince(ctx, client.connection.name, mark)) {
        elicitationIdsIn(message).forEach((id) => known.add(id));
        if (message.method !== 'notifications/elicitation/complete') continue;
        completions.push(message);
        const id = isObject(message.params) ? message.params.elicitationId : undefined;
        if (typeof id !== 'string' || !known.has(id)) stray.push(message);
      }
      if (completions.length === 0)
        ctx.skip('the server sent no notifications/elicitation/complete to a client declaring URL elicitation');
      expectThat(
        stray.length === 0,
        `${stray.length} notifications/elicitation/complete name an elicitation this session never started`,
        {
          expected: `elicitationId among ${JSON.stringify([...known])}`,
          actual: stray.slice(0, MAX_LISTED),
        },
      );
    },
  },
  {
    slug: 'url-elicitation-required',
    title: '-32042 lists the URL elicitations required, to a client that declared URL mode',
    requirement:
      "A URLElicitationRequiredError (-32042) MUST include the list of elicitations required before the request can be retried, each a URL-mode elicitation with an elicitationId; the server MUST NOT return it unless URL mode elicitation is required, so a client that did not declare elicitation.url is not sent it (derived: warned). Checked over every error of the run's sessions.",
    level: 'MUST',
    spec: 'client/elicitation#url-elicitation-required-error',
    catalog: ['ELIC-005'],
    phase: 'post',
    async run(ctx) {
      const errors = urlElicitationErrors(ctx);
      if (errors.length === 0) ctx.skip('the server returned no -32042 error during the run');
      const malformed = errors.filter(({ error }) => !listsUrlElicitations(error.data));
      expectThat(
        malformed.length === 0,
        `${malformed.length} -32042 error(s) do not list URL-mode elicitations with an elicitationId`,
        {
          expected: { data: { elicitations: [{ mode: 'url', elicitationId: '…', url: '…', message: '…' }] } },
          actual: malformed.slice(0, MAX_LISTED),
        },
      );
      const undeclared = errors.filter(({ declaredUrl }) => !declaredUrl);
      if (undeclared.length > 0)
        ctx.warn(`${undeclared.length} -32042 error(s) went to a session that did not declare elicitation.url`, {
          expected: 'capabilities.elicitation.url declared',
          actual: undeclared.slice(0, MAX_LISTED),
        });
    },
  },
  {
    slug: 'form-elicitation-not-sensitive',
    title: 'Form-mode elicitation does not ask for passwords, keys, tokens or card data',
    requirement:
      "Servers MUST NOT use form mode elicitation to request sensitive information such as passwords, API keys, access tokens or payment credentials; they MUST use URL mode for that. Heuristic: judged by the names, titles and descriptions of the requested fields, so a miss is a warning (checked over every elicitation of the run's sessions).",
    level: 'SHOULD',
    spec: 'client/elicitation#user-interaction-model',
    catalog: ['ELIC-003'],
    phase: 'post',
    async run(ctx) {
      const forms = elicitationsOfRun(ctx).filter(
        ({ via, params }) => via === 'elicitation/create' && params.mode !== 'url',
      );
      if (forms.length === 0)
        ctx.skip(
          'the server sent no form-mode elicitation/create during the run, not even to sessions declaring elicitation',
        );
      const asking = forms
        .map((form) => ({ fields: sensitiveFormFields(form.params), message: form.params.message, at: form.at }))
        .filter((form) => form.fields.length > 0);
      expectThat(
        asking.length === 0,
        `${asking.length} form-mode elicitation(s) ask for what looks like a secret: ${[...new Set(asking.flatMap((form) => form.fields))].slice(0, MAX_LISTED).join(', ')}`,
        {
          expected: 'secrets and credentials asked for through URL mode only',
          actual: asking.slice(0, MAX_LISTED),
        },
      );
      ctx.note(`${forms.length} form-mode elicitation(s) judged`);
    },
  },
  {
    slug: 'url-elicitation-safe-url',
    title: 'URL-mode elicitation sends the user to an https URL that carries no credentials',
    requirement:
      "The URL of a URL-mode elicitation MUST NOT contain sensitive information about the end user or be pre-authenticated, and SHOULD use HTTPS outside development. Heuristic: a scheme other than https on a host that is not loopback, user:password in the URL, or parameters named like tokens, passwords, keys or sessions are warned (checked over every elicitation/create and -32042 of the run's sessions).",
    level: 'SHOULD',
    spec: 'client/elicitation#safe-url-handling',
    catalog: ['ELIC-006'],
    phase: 'post',
    async run(ctx) {
      const urls = elicitationsOfRun(ctx).filter(({ params }) => params.mode === 'url');
      if (urls.length === 0)
        ctx.skip('the server sent no URL-mode elicitation during the run (by elicitation/create or in a -32042 error)');
      const unsafe = urls
        .map((seen) => ({
          url: seen.params.url,
          problems: unsafeUrlProblems(seen.params.url),
          via: seen.via,
          at: seen.at,
        }))
        .filter((seen) => seen.problems.length > 0);
      expectThat(
        unsafe.length === 0,
        `${unsafe.length} URL-mode elicitation URL(s) look unsafe; first: ${unsafe[0]?.problems.join('; ')}`,
        {
          expected: 'https URLs (loopback excepted) with no credentials in them',
          actual: unsafe.slice(0, MAX_LISTED),
        },
      );
      ctx.note(`${urls.length} URL-mode elicitation(s) judged`);
    },
  },
  {
    slug: 'client-response-accepted',
    title: 'Our answer to a server request, POSTed, gets 202 Accepted with no body',
    requirement:
      'If the input is a JSON-RPC response or notification and the server accepts it, the server MUST return HTTP status 202 Accepted with no body.',
    level: 'MUST',
    spec: 'basic/transports#sending-messages-to-the-server',
    catalog: ['HTTP-002'],
    transports: ['http'],
    async run(ctx) {
      const { requests, replies } = await temptedSession(ctx, { keepReplies: true });
      if (replies.length === 0)
        ctx.skip(
          'the server sent no request (roots, sampling, elicitation, ping) to a client declaring every capability: no answer to POST',
        );
      for (const reply of replies) await proveRead(ctx.client, reply, 'our answer to a server request');
      const readings = replies.map(readNoAnswer);
      for (const [index, { reading, said, exchange }] of readings.entries()) {
        if (reading === 'answered' || reading === 'other')
          ctx.fail(`our answer to ${String(requests[index].method)} got ${said}`, {
            expected: 'HTTP 202 with no body',
            actual: observed(exchange),
          });
      }
      // Cannot accept it: an HTTP error status, as the transport allows; the requirement is about answers it accepts.
      if (readings.every(({ reading }) => reading === 'refused'))
        ctx.skip(`the server refused every answer we POSTed (${readings[0].said}): none was accepted`);
      ctx.note(`${replies.length} answer(s) POSTed: ${[...new Set(requests.map((r) => String(r.method)))].join(', ')}`);
    },
  },
]);
