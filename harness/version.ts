// The harness's own identity, reported in results and sent as clientInfo.
export const TOOL_NAME = 'mcp-conform';
export const TOOL_VERSION = '0.1.0';
