// 2026-07-28 schema campaign: tool arguments generated from each inputSchema.
import { defineCampaign } from '../../../harness/fuzz/property.js';
import {
  invalidArgumentsProperty,
  outputSchemaProperty,
  validArgumentsProperty,
  type ToolSpecs,
} from '../../../harness/fuzz/templates/tool-arguments.js';

const SPECS: ToolSpecs = {
  valid: 'schema#calltoolresult',
  output: 'server/tools#output-schema',
  invalid: 'server/tools#security-considerations',
  catalog: ['TOOL-010', 'TOOL-012', 'TOOL-015', 'JSS-002', 'JSS-005'],
  missingCapability: true,
};

export default defineCampaign('2026-07-28', 'schema', [
  validArgumentsProperty(SPECS),
  outputSchemaProperty(SPECS),
  invalidArgumentsProperty(SPECS),
]);
