// 2026-07-28 id campaign: ids of every kind, an id reused after its answer (allowed: ids need
// only differ from those still in flight), and one id on two requests in flight.
import { defineCampaign } from '../../../harness/fuzz/property.js';
import {
  inFlightDuplicateProperty,
  notificationsProperty,
  reusedIdProperty,
  sameIdProperty,
} from '../../../harness/fuzz/templates/ids.js';

const CATALOG = ['RPC-003', 'RPC-006', 'RPC-008', 'RPC-012'];

export default defineCampaign('2026-07-28', 'ids', [
  sameIdProperty('basic#requests', CATALOG),
  reusedIdProperty('basic#requests', CATALOG, true),
  notificationsProperty('basic#notifications', CATALOG),
  inFlightDuplicateProperty('basic#requests', CATALOG),
]);
