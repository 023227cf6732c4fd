// Every 2026-07-28 fuzz campaign, in the order they run.
import auth from './auth.js';
import capabilities from './capabilities.js';
import framing from './framing.js';
import ids from './ids.js';
import meta from './meta.js';
import schema from './schema.js';

export const CAMPAIGNS_2026 = [framing, ids, meta, capabilities, schema, auth];
