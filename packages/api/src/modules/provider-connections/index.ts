// The provider-connections module's door: the hourly refresh of saved cloud connections.
export { refreshAllConnections } from './service';
