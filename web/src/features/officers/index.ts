export { useOfficersAccess } from './use-officers-access';
