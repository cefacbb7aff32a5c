export { toPath as default } from './lodash-clone';
