// The 2025-11-25 areas beyond lifecycle, errors, stdio and wire (which suites/index.ts lists itself).
import type { Check } from '../../harness/checks/check.js';
import capabilities from './capabilities.js';
import completion from './completion.js';
import logging from './logging.js';
import meta from './meta.js';
import pagination from './pagination.js';
import ping from './ping.js';
import prompts from './prompts.js';
import resources from './resources.js';
import serverRequests from './server-requests.js';
import sessions from './sessions.js';
import streams from './streams.js';
import tasks from './tasks.js';
import tools from './tools.js';
import utilities from './utilities.js';

export const MORE_2025: readonly Check[] = [
  ...ping,
  ...capabilities,
  ...tools,
  ...resources,
  ...prompts,
  ...completion,
  ...logging,
  ...pagination,
  ...utilities,
  ...tasks,
  ...serverRequests,
  ...sessions,
  ...streams,
  ...meta,
];
