// The team module's door: an organisation's region policy, which orders check (issue 34).
export { assertRegionAllowed } from './region-policy';
