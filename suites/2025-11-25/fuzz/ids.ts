// 2025-11-25 id campaign: ids of every kind, an id reused after its answer (a client error in
// this revision: ids are unique per session), and one id on two requests in flight.
import { defineCampaign } from '../../../harness/fuzz/property.js';
import {
  inFlightDuplicateProperty,
  notificationsProperty,
  reusedIdProperty,
  sameIdProperty,
} from '../../../harness/fuzz/templates/ids.js';

const CATALOG = ['RPC-002', 'RPC-005', 'RPC-006', 'RPC-008', 'RPC-011', 'RPC-014'];

export default defineCampaign('2025-11-25', 'ids', [
  sameIdProperty('basic#requests', CATALOG),
  reusedIdProperty('basic#requests', CATALOG, false),
  notificationsProperty('basic#notifications', CATALOG),
  inFlightDuplicateProperty('basic#requests', CATALOG),
]);
