// 2026-07-28 framing campaign: newline framing on stdio, malformed lines, deep and huge
// payloads, and HTTP bodies, Content-Types, chunking and streamed (SSE) answers.
import { defineCampaign } from '../../../harness/fuzz/property.js';
import { sseAnswerProperty } from '../../../harness/fuzz/templates/sse-answer.js';
import {
  chunkedBodyProperty,
  contentTypeProperty,
  framedLinesProperty,
  httpBodyProperty,
  malformedInputProperty,
  nestingAndSizeProperty,
  type FramingSpecs,
} from '../../../harness/fuzz/templates/framing.js';

const SPECS: FramingSpecs = {
  stdio: 'basic/transports/stdio',
  http: 'basic/transports/streamable-http#sending-messages',
  catalog: ['STDIO-001', 'STDIO-002', 'STDIO-005', 'RPC-007', 'RPC-008'],
};

export default defineCampaign('2026-07-28', 'framing', [
  framedLinesProperty(SPECS),
  malformedInputProperty(SPECS),
  nestingAndSizeProperty(SPECS),
  httpBodyProperty(SPECS),
  contentTypeProperty(SPECS),
  chunkedBodyProperty(SPECS),
  sseAnswerProperty({ spec: 'basic/transports/streamable-http#sending-messages', catalog: ['HTTP-005', 'HTTP-006'] }),
]);
