// 2025-11-25 schema campaign: tool arguments generated from each inputSchema.
import { defineCampaign } from '../../../harness/fuzz/property.js';
import {
  invalidArgumentsProperty,
  outputSchemaProperty,
  validArgumentsProperty,
  type ToolSpecs,
} from '../../../harness/fuzz/templates/tool-arguments.js';

const SPECS: ToolSpecs = {
  valid: 'server/tools#error-handling',
  output: 'server/tools#output-schema',
  invalid: 'server/tools#security-considerations',
  catalog: ['TOOL-006', 'TOOL-010', 'TOOL-011'],
  missingCapability: false,
};

export default defineCampaign('2025-11-25', 'schema', [
  validArgumentsProperty(SPECS),
  outputSchemaProperty(SPECS),
  invalidArgumentsProperty(SPECS),
]);
