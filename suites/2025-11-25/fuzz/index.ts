// Every 2025-11-25 fuzz campaign, in the order they run.
import auth from './auth.js';
import capabilities from './capabilities.js';
import framing from './framing.js';
import ids from './ids.js';
import meta from './meta.js';
import schema from './schema.js';

export const CAMPAIGNS_2025 = [framing, ids, meta, capabilities, schema, auth];
