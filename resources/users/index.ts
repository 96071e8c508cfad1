/** The administrators screen (/users): staff users and managers' assignments (spec 1, section 2). */
export { UsersPage } from './UsersPage';
export { UserDialog } from './UserDialog';
