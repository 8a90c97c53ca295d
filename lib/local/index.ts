export { readSesStore } from './emulators';
export { LocalStackError } from './errors';
export { readLocalStackEnv } from './settings';
export { type LocalStack, startLocalStack } from './stack';
export { formatStartBlock } from './start-block';
