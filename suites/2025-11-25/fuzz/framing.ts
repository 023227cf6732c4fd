// 2025-11-25 framing campaign, on an initialized session: newline framing on stdio, malformed
// lines, deep and huge payloads, and HTTP bodies, Content-Types, chunking and streamed (SSE) answers.
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
  stdio: 'basic/transports#stdio',
  http: 'basic/transports#sending-messages-to-the-server',
  catalog: [
    'STDIO-001',
    'STDIO-002',
    'STDIO-004',
    'STDIO-005',
    'RPC-011',
    'RPC-012',
    'RPC-013',
    'HTTP-003',
    'HTTP-004',
  ],
};

export default defineCampaign('2025-11-25', 'framing', [
  framedLinesProperty(SPECS),
  malformedInputProperty(SPECS),
  nestingAndSizeProperty(SPECS),
  httpBodyProperty(SPECS),
  contentTypeProperty(SPECS),
  chunkedBodyProperty(SPECS),
  sseAnswerProperty({
    spec: 'basic/transports#sending-messages-to-the-server',
    catalog: ['HTTP-004', 'HTTP-006', 'SSE-007'],
  }),
]);
