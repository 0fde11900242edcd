export { CustomSolutionsPage } from './custom-solutions-page';
