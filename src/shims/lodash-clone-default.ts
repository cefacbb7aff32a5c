export { clone as default } from './lodash-clone';
