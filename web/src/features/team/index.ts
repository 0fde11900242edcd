// The team feature's door: members, invitations and the organisation's activity (Settings), and the invitation page.
export { ActivityLog } from './activity-log';
export { JoinTeamPage } from './join-team-page';
export { TeamSection } from './team-section';
