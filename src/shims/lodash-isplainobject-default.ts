export { isPlainObject as default } from './lodash-clone';
