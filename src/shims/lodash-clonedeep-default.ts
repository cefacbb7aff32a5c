export { cloneDeep as default } from './lodash-clone';
